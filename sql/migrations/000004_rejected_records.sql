-- Records the service sent that failed validation: skipped from the typed tables, never lost.
create table uptrends.etl_rejected_record (
  rejected_id bigint generated always as identity primary key,
  run_id bigint not null references uptrends.etl_run (run_id),
  account_id text not null,
  stream text not null,
  window_start timestamptz,
  window_end timestamptz,
  record_id text,
  error text not null,
  raw jsonb,
  rejected_at timestamptz not null default now()
);

create index etl_rejected_record_run_idx on uptrends.etl_rejected_record (run_id);
create index etl_rejected_record_stream_idx on uptrends.etl_rejected_record (account_id, stream, rejected_at desc);

comment on table uptrends.etl_rejected_record is
  'Records the API sent that failed validation (a missing required field, an unparseable timestamp, a wrong type). They are skipped from the typed tables and kept here with the reason, so nothing is lost silently; a re-run that reads a corrected record loads it normally.';
comment on column uptrends.etl_rejected_record.rejected_id is 'Row identifier.';
comment on column uptrends.etl_rejected_record.run_id is 'Run that rejected the record (etl_run.run_id).';
comment on column uptrends.etl_rejected_record.account_id is 'Uptrends AccountId.';
comment on column uptrends.etl_rejected_record.stream is 'Stream that read the record.';
comment on column uptrends.etl_rejected_record.window_start is 'Start of the window being read (UTC), for windowed streams.';
comment on column uptrends.etl_rejected_record.window_end is 'End of the window being read (UTC, exclusive), for windowed streams.';
comment on column uptrends.etl_rejected_record.record_id is 'Identifier of the record when it has one (alert Id, monitor GUID, ...).';
comment on column uptrends.etl_rejected_record.error is 'Why it was rejected: the fields and what was wrong with them.';
comment on column uptrends.etl_rejected_record.raw is 'The record as received, secrets removed, text cut at 10,000 characters per field.';
comment on column uptrends.etl_rejected_record.rejected_at is 'When it was rejected (UTC).';
