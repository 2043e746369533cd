-- Many accounts in one warehouse, and workers on many machines (issue 18).
-- First: the name an account has in the configuration file (`accounts:` section, or `default`
-- without one), so commands, subscriptions and status can name an account the way the file does,
-- while every table keeps the Uptrends AccountId as its key.

alter table uptrends.account add column account_name text;

comment on column uptrends.account.account_name is
  'Name of the account in the configuration file (accounts: section; default when the environment defines the one account), as of the last run that synced it. Null for an account loaded before version 0.2.';

create unique index account_account_name_idx on uptrends.account (lower(account_name));

-- Workers (`uptrends-etl worker`): each worker process of the job queue announces itself here and
-- beats every few seconds. A worker whose beat is older than its own stale_after_seconds is dead
-- (SIGKILL, a lost machine): any worker or nightly that notices deletes its row, hands its locked
-- jobs back to the queue (graphile-worker's force_unlock_workers) and closes its open runs as
-- interrupted. docs/scaling.md, "When a worker dies".
create table uptrends.etl_worker (
  worker_id text primary key,
  host text not null,
  pid integer not null,
  concurrency integer not null,
  stale_after_seconds integer not null check (stale_after_seconds > 0),
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now()
);

comment on table uptrends.etl_worker is
  'Live worker processes of the job queue (uptrends-etl worker), one row each while it runs. A row whose heartbeat_at is older than stale_after_seconds belongs to a dead worker: its jobs are handed back to the queue and the row deleted.';
comment on column uptrends.etl_worker.worker_id is 'The worker pool id graphile-worker locks jobs with (locked_by of its jobs).';
comment on column uptrends.etl_worker.host is 'Host name of the machine the worker runs on.';
comment on column uptrends.etl_worker.pid is 'Process id of the worker on that host.';
comment on column uptrends.etl_worker.concurrency is 'Jobs the worker runs at once (worker --concurrency).';
comment on column uptrends.etl_worker.stale_after_seconds is 'After this long without a heartbeat the worker counts as dead (worker --stale-after).';
comment on column uptrends.etl_worker.started_at is 'When the worker started (UTC).';
comment on column uptrends.etl_worker.heartbeat_at is 'Last heartbeat (UTC); workers beat every few seconds.';
