-- The run ledger: one row per invocation of sync or nightly.
create table uptrends.etl_run (
  run_id bigint generated always as identity primary key,
  account_id text,
  command text not null,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  status text not null default 'running'
    check (status in ('running', 'succeeded', 'failed', 'partial', 'interrupted')),
  options jsonb not null default '{}'::jsonb,
  stream_counts jsonb not null default '{}'::jsonb,
  requests integer not null default 0,
  error jsonb,
  host text,
  tool_version text
);

create index etl_run_started_at_idx on uptrends.etl_run (started_at desc);

comment on table uptrends.etl_run is
  'Run ledger: one row per sync or nightly run. Every loaded row carries the run_id of the run that last wrote it; a row here says whether that run succeeded.';
comment on column uptrends.etl_run.run_id is 'Run identifier, increasing. Referenced by run_id in every warehouse table.';
comment on column uptrends.etl_run.account_id is 'Uptrends AccountId the run read (null until the account was identified).';
comment on column uptrends.etl_run.command is 'The command that started the run: sync, nightly or demo.';
comment on column uptrends.etl_run.started_at is 'When the run started (UTC instant).';
comment on column uptrends.etl_run.finished_at is 'When the run ended (UTC instant); null while running or when the process was killed.';
comment on column uptrends.etl_run.status is 'running, succeeded, failed (nothing more to trust than what earlier runs loaded plus the windows this run committed), partial (some streams failed), interrupted (stopped by a signal).';
comment on column uptrends.etl_run.options is 'The options of the run (streams, window, lookback, backfill range), without secrets.';
comment on column uptrends.etl_run.stream_counts is 'Per stream: records read, rows written, windows completed, requests, errors.';
comment on column uptrends.etl_run.requests is 'HTTP requests issued by the run, retries included.';
comment on column uptrends.etl_run.error is 'For a failed run: error code, message and context (stream, window, route); never secrets.';
comment on column uptrends.etl_run.host is 'Host name of the machine that ran it.';
comment on column uptrends.etl_run.tool_version is 'uptrends-etl version that ran it.';
