-- What the warehouse holds for each monitor: its lifetime and the time its alerts and statistics
-- were read (uptrends.monitor_coverage). A figure over a period is only as good as the covered
-- part of period * lifetime (docs/warehouse.md, "Coverage").
create or replace view uptrends.v_monitor_coverage as
select
  m.account_id,
  m.monitor_guid,
  m.name as monitor_name,
  -- When it existed (created to deleted): a pause does not end this, unlike the life the figures count.
  tstzrange(
    uptrends.monitor_life_start(m),
    greatest(coalesce(m.deleted_at, 'infinity'::timestamptz), uptrends.monitor_life_start(m)),
    '[)'
  ) as lifetime,
  c.alerts_covered,
  c.statistics_covered
from uptrends.account a
cross join lateral uptrends.monitor_coverage(a.account_id) c
join uptrends.monitor m on m.monitor_guid = c.monitor_guid;

comment on view uptrends.v_monitor_coverage is
  'Per monitor: its lifetime and the time the warehouse read its alerts and its statistics. A period outside alerts_covered has unknown incidents (not zero); outside statistics_covered, unknown statistics. Coverage share of a period p: uptrends.covered_seconds(alerts_covered * tstzmultirange(lifetime), p) / seconds of (p * lifetime). The figures of uptrends.figures and the uptime views count coverage this way.';
comment on column uptrends.v_monitor_coverage.account_id is 'Account of the monitor.';
comment on column uptrends.v_monitor_coverage.monitor_guid is 'Monitor GUID; joins monitor.';
comment on column uptrends.v_monitor_coverage.monitor_name is 'Monitor name (current).';
comment on column uptrends.v_monitor_coverage.lifetime is 'When the monitor existed: [created_at, deleted_at), unbounded where unknown (CreatedDate missing, not deleted).';
comment on column uptrends.v_monitor_coverage.alerts_covered is 'Time whose alerts were read for this monitor: the alert partitions that include it (all monitors, the groups it is a member of now, the monitor itself). UTC instants.';
comment on column uptrends.v_monitor_coverage.statistics_covered is 'Time whose statistics (GET /Statistics/Monitor) were read for this monitor. UTC instants.';
