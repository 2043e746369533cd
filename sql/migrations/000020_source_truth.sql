-- The warehouse follows the service (issue 40): an incident's duration can no longer overflow.
-- incident.duration_seconds was an integer (68 years): an alert whose FirstError lies decades
-- before its Timestamp (the service sent 1950) made refresh_incidents fail its window on every run.
-- The other counts keep the type the service declares (docs/warehouse.md, "Numbers and their
-- columns"): a value outside it is the record's reject, named.
-- The views that read the column (v_incident, and on a warehouse migrated from scratch the first
-- uptime views) are dropped here with what depends on them; each is created again by its
-- repeatable file (sql/views/) right after the migrations: the set of repeatable files changed in
-- the same commit (sql/functions/30-refresh_incidents.sql), so they are all applied again.
drop view if exists uptrends.v_incident cascade;
drop view if exists uptrends.v_monitor_uptime_daily cascade;
drop view if exists uptrends.v_monitor_uptime_monthly cascade;

alter table uptrends.incident alter column duration_seconds type bigint;

comment on column uptrends.incident.duration_seconds is
  'ended_at - started_at in seconds (bigint: an incident may have started decades before its Ok); null while ongoing.';
