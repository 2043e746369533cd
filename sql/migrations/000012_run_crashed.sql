-- A run whose process is gone is closed as 'crashed' the next time anything opens the warehouse,
-- so the ledger never shows a dead run as running. On Postgres a live run holds a session-level
-- advisory lock (class 1433564526, "Urun", object = run_id) for as long as its process and
-- connection live; a 'running' row without that lock belongs to a process that was killed or lost
-- its connection. On the embedded PGlite warehouse only one process can open the directory, so
-- every 'running' row another process left behind is dead.

alter table uptrends.etl_run drop constraint etl_run_status_check;
alter table uptrends.etl_run add constraint etl_run_status_check
  check (status in ('running', 'succeeded', 'failed', 'partial', 'interrupted', 'crashed'));

comment on column uptrends.etl_run.status is
  'running, succeeded, failed (nothing more to trust than what earlier runs loaded plus the windows this run committed), partial (some streams failed), interrupted (stopped by a signal), crashed (the process ended without closing the run: killed, or its warehouse connection lost; set by the next process that opened the warehouse, finished_at is when that was found).';
