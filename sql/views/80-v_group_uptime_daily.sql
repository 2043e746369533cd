-- Uptime per monitor group and account-local day, time-weighted over the member monitors as the SLA
-- workbook's group figures are: seconds summed over the members, then divided. Members are the
-- Production monitors (the workbook leaves Staging and Development out of SLAs) that belong to
-- the group that day: a membership the sync saw removed counts until the day it was removed.
create or replace view uptrends.v_group_uptime_daily as
select
  g.account_id,
  g.monitor_group_guid,
  g.description as group_name,
  g.is_all,
  d.iana_zone,
  d.day,
  d.month,
  d.day_start_at,
  d.day_end_at,
  d.day_seconds,
  count(*)::integer as monitors,
  (count(*) filter (where d.statistics_uptime_seconds + d.statistics_downtime_seconds > 0))::integer
    as monitors_with_statistics,
  sum(d.statistics_uptime_seconds) as statistics_uptime_seconds,
  sum(d.statistics_downtime_seconds) as statistics_downtime_seconds,
  100.0 * sum(d.statistics_uptime_seconds)
    / nullif(sum(d.statistics_uptime_seconds) + sum(d.statistics_downtime_seconds), 0)::double precision
    as statistics_uptime_percentage,
  sum(d.monitored_seconds) as monitored_seconds,
  sum(d.maintenance_seconds) as maintenance_seconds,
  sum(d.incident_downtime_seconds) as incident_downtime_seconds,
  100.0 * (1 - sum(d.incident_downtime_seconds) / nullif(sum(d.monitored_seconds), 0)) as incident_uptime_percentage,
  sum(d.incident_count)::integer as incident_count,
  sum(d.incidents_started)::integer as incidents_started,
  -- The statistics figure leads only when every member with monitored time has statistics.
  case
    when sum(d.statistics_uptime_seconds) + sum(d.statistics_downtime_seconds) > 0
      and coalesce(bool_and(coalesce(d.statistics_uptime_seconds + d.statistics_downtime_seconds, 0) > 0)
        filter (where d.monitored_seconds > 0), true)
      then 100.0 * sum(d.statistics_uptime_seconds)
        / (sum(d.statistics_uptime_seconds) + sum(d.statistics_downtime_seconds))::double precision
    else 100.0 * (1 - sum(d.incident_downtime_seconds) / nullif(sum(d.monitored_seconds), 0))
  end as uptime_percentage,
  case
    when sum(d.statistics_uptime_seconds) + sum(d.statistics_downtime_seconds) > 0
      and coalesce(bool_and(coalesce(d.statistics_uptime_seconds + d.statistics_downtime_seconds, 0) > 0)
        filter (where d.monitored_seconds > 0), true)
      then 'statistics'
    when sum(d.monitored_seconds) > 0 then 'incidents'
  end as uptime_source,
  sum(d.required_seconds) as required_seconds,
  sum(d.alerts_read_seconds) as alerts_read_seconds,
  sum(d.statistics_read_seconds) as statistics_read_seconds,
  sum(d.alerts_read_seconds) / nullif(sum(d.required_seconds), 0) as alerts_coverage,
  sum(d.statistics_read_seconds) / nullif(sum(d.required_seconds), 0) as statistics_coverage,
  case
    when sum(d.statistics_uptime_seconds) + sum(d.statistics_downtime_seconds) > 0
      and coalesce(bool_and(coalesce(d.statistics_uptime_seconds + d.statistics_downtime_seconds, 0) > 0)
        filter (where d.monitored_seconds > 0), true)
      then sum(d.statistics_read_seconds) / nullif(sum(d.required_seconds), 0)
    else sum(d.alerts_read_seconds) / nullif(sum(d.required_seconds), 0)
  end as coverage
from uptrends.v_monitor_uptime_daily d
-- The groups each monitor-day belongs to, looked up per row (index on monitor_group_member's
-- monitor_guid): joined the other way round, the planner rescanned every monitor-day per member
-- (7.7 s instead of a fraction of a second for a month of 1,000 monitors).
cross join lateral (
  select g.account_id, g.monitor_group_guid, g.description, g.is_all
  from uptrends.monitor_group_member gm
  join uptrends.monitor_group g on g.monitor_group_guid = gm.monitor_group_guid
  join uptrends.monitor m on m.monitor_guid = gm.monitor_guid
  where gm.monitor_guid = d.monitor_guid
    and (m.monitor_mode is null or lower(m.monitor_mode) = 'production')
    and (gm.deleted_at is null or gm.deleted_at > d.day_start_at)
    and (g.deleted_at is null or g.deleted_at > d.day_start_at)
  -- offset 0 keeps the subquery a per-row lookup: flattened, it became the outer loop again.
  offset 0
) g
group by
  g.account_id, g.monitor_group_guid, g.description, g.is_all,
  d.iana_zone, d.day, d.month, d.day_start_at, d.day_end_at, d.day_seconds;

comment on view uptrends.v_group_uptime_daily is
  'Uptime per monitor group and account-local day, time-weighted over its Production member monitors as the SLA workbook''s group figures ("Group and overall figures"): 100 x (1 - sum of downtime / sum of monitored time), never an average of percentages. statistics_*: "Uptime % (Uptrends)"; incident_*: "Uptime % (incidents)"; uptime_percentage: "Uptime % (headline)", the statistics figure only when every member with monitored time has statistics. The row of the All Monitors group (is_all) is the account''s figure. Filter on day or month: select group_name, day, uptime_percentage, coverage from uptrends.v_group_uptime_daily where month = date ''2025-10-01''.';
comment on column uptrends.v_group_uptime_daily.account_id is 'Account of the group.';
comment on column uptrends.v_group_uptime_daily.monitor_group_guid is 'Monitor group GUID.';
comment on column uptrends.v_group_uptime_daily.group_name is 'Group name (monitor_group.description).';
comment on column uptrends.v_group_uptime_daily.is_all is 'True for the built-in All Monitors group: its rows are the account''s figures.';
comment on column uptrends.v_group_uptime_daily.iana_zone is 'The account''s IANA zone, in which the day is counted.';
comment on column uptrends.v_group_uptime_daily.day is 'Account-local calendar day.';
comment on column uptrends.v_group_uptime_daily.month is 'First day of the account-local month of day.';
comment on column uptrends.v_group_uptime_daily.day_start_at is 'Local midnight starting the day, UTC instant.';
comment on column uptrends.v_group_uptime_daily.day_end_at is 'Local midnight ending the day (exclusive), UTC instant.';
comment on column uptrends.v_group_uptime_daily.day_seconds is 'Length of the local day: 86400, or 82800 / 90000 on DST days.';
comment on column uptrends.v_group_uptime_daily.monitors is 'Production member monitors that existed that day (and were members then).';
comment on column uptrends.v_group_uptime_daily.monitors_with_statistics is 'Of those, the monitors with statistics (monitored time in their buckets) that day.';
comment on column uptrends.v_group_uptime_daily.statistics_uptime_seconds is 'Statistics figure: Uptime seconds summed over the members.';
comment on column uptrends.v_group_uptime_daily.statistics_downtime_seconds is 'Statistics figure: Downtime seconds summed over the members.';
comment on column uptrends.v_group_uptime_daily.statistics_uptime_percentage is 'Uptime % (Uptrends) of the group: 100 x sum(uptime) / sum(uptime + downtime) over the members.';
comment on column uptrends.v_group_uptime_daily.monitored_seconds is 'Monitored time summed over the members (each: the day within its life, until now, minus DisableMonitoring maintenance).';
comment on column uptrends.v_group_uptime_daily.maintenance_seconds is 'Maintenance excluded, summed over the members.';
comment on column uptrends.v_group_uptime_daily.incident_downtime_seconds is 'Downtime (incidents) summed over the members (each member''s overlapping incidents counted once).';
comment on column uptrends.v_group_uptime_daily.incident_uptime_percentage is 'Uptime % (incidents) of the group, time-weighted: 100 x (1 - sum of downtime / sum of monitored time).';
comment on column uptrends.v_group_uptime_daily.incident_count is 'Incidents of the members overlapping the day.';
comment on column uptrends.v_group_uptime_daily.incidents_started is 'Incidents of the members that started on the day.';
comment on column uptrends.v_group_uptime_daily.uptime_percentage is 'Uptime % (headline) of the group: the statistics figure when every member with monitored time has statistics, else the incident figure.';
comment on column uptrends.v_group_uptime_daily.uptime_source is 'Source of uptime_percentage: statistics or incidents; null when nothing was monitored.';
comment on column uptrends.v_group_uptime_daily.required_seconds is 'Coverage: seconds the members must be covered for, summed (each: the day within its life, until now).';
comment on column uptrends.v_group_uptime_daily.alerts_read_seconds is 'Coverage: of required_seconds, the seconds whose alerts were read.';
comment on column uptrends.v_group_uptime_daily.statistics_read_seconds is 'Coverage: of required_seconds, the seconds whose statistics were read.';
comment on column uptrends.v_group_uptime_daily.alerts_coverage is 'Share (0 to 1) of required_seconds whose alerts were read.';
comment on column uptrends.v_group_uptime_daily.statistics_coverage is 'Share (0 to 1) of required_seconds whose statistics were read.';
comment on column uptrends.v_group_uptime_daily.coverage is 'Coverage of uptime_percentage (of the source it uses). Below 1 the figure rests on missing data; 0 is no data, not 100 %.';
