-- Incremental state per account, stream and partition, written in the same transaction as the
-- rows it covers.
create table uptrends.etl_state (
  account_id text not null,
  stream text not null,
  partition text not null default '-',
  watermark timestamptz,
  cursor text,
  state jsonb,
  updated_at timestamptz not null default now(),
  updated_by_run_id bigint not null references uptrends.etl_run (run_id),
  primary key (account_id, stream, partition)
);

comment on table uptrends.etl_state is
  'Incremental extraction state: one row per account, stream and partition. Committed in the same transaction as the data it covers, so a failed window never advances it.';
comment on column uptrends.etl_state.account_id is 'Uptrends AccountId.';
comment on column uptrends.etl_state.stream is 'Stream name (alerts, statistics, infra_device_uptime, ...).';
comment on column uptrends.etl_state.partition is 'Sub-unit with its own state (a monitor group or monitor GUID, a device id); ''-'' when the stream has one.';
comment on column uptrends.etl_state.watermark is 'End of the last completed window (UTC instant): everything before it has been read at least once. Never the newest timestamp seen.';
comment on column uptrends.etl_state.cursor is 'Reserved for streams that resume from a service cursor; alert windows always restart from their start.';
comment on column uptrends.etl_state.state is 'Stream-specific extra state (JSON).';
comment on column uptrends.etl_state.updated_at is 'When the state was last written (UTC instant).';
comment on column uptrends.etl_state.updated_by_run_id is 'Run that last wrote the state (etl_run.run_id).';
