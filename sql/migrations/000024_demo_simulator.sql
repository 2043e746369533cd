-- The demo's warehouse remembers the simulator that filled it (issue 41): the seed, the size, the
-- profile and the clock it was generated at. Running `demo` again starts that same simulator, so it
-- serves the same history, the merge finds the rows it already holds, and no finished month changes.

create table uptrends.demo_simulator (
  account_id text not null,
  seed integer not null,
  monitors integer not null,
  days integer not null,
  profile text not null,
  generated_at timestamptz not null,
  first_run_at timestamptz not null,
  last_run_at timestamptz not null,
  constraint demo_simulator_pkey primary key (account_id)
);

comment on table uptrends.demo_simulator is
  'One row per simulated account a demo run loaded: the simulator that generated it, started again the same way by the next demo run into this warehouse. Empty in a warehouse no demo filled.';
comment on column uptrends.demo_simulator.account_id is 'The simulated account (the account_id of uptrends.account).';
comment on column uptrends.demo_simulator.seed is 'Seed of the simulated account (demo --seed).';
comment on column uptrends.demo_simulator.monitors is 'Number of simulated monitors (demo --monitors).';
comment on column uptrends.demo_simulator.days is 'Days of history before the clock (demo --days).';
comment on column uptrends.demo_simulator.profile is 'How the account behaves: realistic (the demo default) or failure-heavy (demo --profile).';
comment on column uptrends.demo_simulator.generated_at is 'The simulator clock the account was generated at (the first demo run, to the minute); later runs start the simulator at this clock again.';
comment on column uptrends.demo_simulator.first_run_at is 'When the first demo run with this simulator started.';
comment on column uptrends.demo_simulator.last_run_at is 'When the latest demo run with this simulator started.';
