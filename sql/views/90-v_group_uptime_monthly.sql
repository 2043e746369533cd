-- Uptime, incidents, MTTR and MTBF per monitor group and account-local month, as the SLA workbook's
-- Monitor groups and Trend sheets compute them: time-weighted over the Production member monitors,
-- incidents and their durations pooled over the members. A membership counts for a month unless
-- the sync saw it removed before the month began.
create or replace view uptrends.v_group_uptime_monthly as
select
  s.*,
  r.incidents_resolved,
  r.mttr_seconds,
  r.median_ttr_seconds,
  r.longest_ttr_seconds,
  s.monitored_seconds / nullif(s.incidents_started, 0) as mtbf_seconds
from (
  select
    g.account_id,
    g.monitor_group_guid,
    g.description as group_name,
    g.is_all,
    mo.iana_zone,
    mo.month,
    uptrends.local_to_utc(mo.month::timestamp, mo.iana_zone) as month_start_at,
    uptrends.local_to_utc((mo.month + interval '1 month')::timestamp, mo.iana_zone) as month_end_at,
    count(*)::integer as monitors,
    array_agg(mo.monitor_guid order by mo.monitor_guid) as monitor_guids,
    (count(*) filter (where mo.statistics_uptime_seconds + mo.statistics_downtime_seconds > 0))::integer
      as monitors_with_statistics,
    sum(mo.statistics_uptime_seconds) as statistics_uptime_seconds,
    sum(mo.statistics_downtime_seconds) as statistics_downtime_seconds,
    100.0 * sum(mo.statistics_uptime_seconds)
      / nullif(sum(mo.statistics_uptime_seconds) + sum(mo.statistics_downtime_seconds), 0)::double precision
      as statistics_uptime_percentage,
    sum(mo.monitored_seconds) as monitored_seconds,
    sum(mo.maintenance_seconds) as maintenance_seconds,
    sum(mo.incident_downtime_seconds) as incident_downtime_seconds,
    100.0 * (1 - sum(mo.incident_downtime_seconds) / nullif(sum(mo.monitored_seconds), 0))
      as incident_uptime_percentage,
    sum(mo.incidents_started)::integer as incidents_started,
    -- The statistics figure leads only when every member with monitored time has statistics.
    case
      when sum(mo.statistics_uptime_seconds) + sum(mo.statistics_downtime_seconds) > 0
        and coalesce(bool_and(coalesce(mo.statistics_uptime_seconds + mo.statistics_downtime_seconds, 0) > 0)
          filter (where mo.monitored_seconds > 0), true)
        then 100.0 * sum(mo.statistics_uptime_seconds)
          / (sum(mo.statistics_uptime_seconds) + sum(mo.statistics_downtime_seconds))::double precision
      else 100.0 * (1 - sum(mo.incident_downtime_seconds) / nullif(sum(mo.monitored_seconds), 0))
    end as uptime_percentage,
    case
      when sum(mo.statistics_uptime_seconds) + sum(mo.statistics_downtime_seconds) > 0
        and coalesce(bool_and(coalesce(mo.statistics_uptime_seconds + mo.statistics_downtime_seconds, 0) > 0)
          filter (where mo.monitored_seconds > 0), true)
        then 'statistics'
      when sum(mo.monitored_seconds) > 0 then 'incidents'
    end as uptime_source,
    sum(mo.required_seconds) as required_seconds,
    sum(mo.alerts_read_seconds) as alerts_read_seconds,
    sum(mo.statistics_read_seconds) as statistics_read_seconds,
    sum(mo.alerts_read_seconds) / nullif(sum(mo.required_seconds), 0) as alerts_coverage,
    sum(mo.statistics_read_seconds) / nullif(sum(mo.required_seconds), 0) as statistics_coverage,
    case
      when sum(mo.statistics_uptime_seconds) + sum(mo.statistics_downtime_seconds) > 0
        and coalesce(bool_and(coalesce(mo.statistics_uptime_seconds + mo.statistics_downtime_seconds, 0) > 0)
          filter (where mo.monitored_seconds > 0), true)
        then sum(mo.statistics_read_seconds) / nullif(sum(mo.required_seconds), 0)
      else sum(mo.alerts_read_seconds) / nullif(sum(mo.required_seconds), 0)
    end as coverage
  from uptrends.v_monitor_uptime_monthly mo
  -- The groups of each monitor-month, looked up per row (see v_group_uptime_daily).
  cross join lateral (
    select g.account_id, g.monitor_group_guid, g.description, g.is_all
    from uptrends.monitor_group_member gm
    join uptrends.monitor_group g on g.monitor_group_guid = gm.monitor_group_guid
    join uptrends.monitor m on m.monitor_guid = gm.monitor_guid
    where gm.monitor_guid = mo.monitor_guid
      and (m.monitor_mode is null or lower(m.monitor_mode) = 'production')
      and (gm.deleted_at is null or (gm.deleted_at at time zone mo.iana_zone)::date >= mo.month)
      and (g.deleted_at is null or (g.deleted_at at time zone mo.iana_zone)::date >= mo.month)
    offset 0
  ) g
  group by g.account_id, g.monitor_group_guid, g.description, g.is_all, mo.iana_zone, mo.month
) s
left join lateral (
  -- MTTR as the workbook pools it: every incident of the members resolved in the month (until
  -- now), full durations.
  select
    count(*)::integer as incidents_resolved,
    avg(i.duration_seconds)::double precision as mttr_seconds,
    percentile_cont(0.5) within group (order by i.duration_seconds) as median_ttr_seconds,
    max(i.duration_seconds)::double precision as longest_ttr_seconds
  from uptrends.incident i
  where i.monitor_guid = any (s.monitor_guids)
    and i.ended_at >= s.month_start_at
    and i.ended_at < least(s.month_end_at, now())
) r on true;

comment on view uptrends.v_group_uptime_monthly is
  'Uptime, incidents, MTTR and MTBF per monitor group and account-local month, as the SLA workbook''s Monitor groups and Trend sheets ("Group and overall figures"): time-weighted over the Production member monitors (100 x (1 - sum of downtime / sum of monitored time)), incidents and durations pooled over them. statistics_*: "Uptime % (Uptrends)"; incident_*: "Uptime % (incidents)"; uptime_percentage: "Uptime % (headline)". The row of the All Monitors group (is_all) is the account''s figure. Filter on month: select group_name, uptime_percentage, mttr_seconds / 60 as mttr_minutes from uptrends.v_group_uptime_monthly where month = date ''2025-10-01''.';
comment on column uptrends.v_group_uptime_monthly.account_id is 'Account of the group.';
comment on column uptrends.v_group_uptime_monthly.monitor_group_guid is 'Monitor group GUID.';
comment on column uptrends.v_group_uptime_monthly.group_name is 'Group name (monitor_group.description).';
comment on column uptrends.v_group_uptime_monthly.is_all is 'True for the built-in All Monitors group: its rows are the account''s figures.';
comment on column uptrends.v_group_uptime_monthly.iana_zone is 'The account''s IANA zone, in which the month is counted.';
comment on column uptrends.v_group_uptime_monthly.month is 'First day of the account-local month.';
comment on column uptrends.v_group_uptime_monthly.month_start_at is 'Local midnight starting the month, UTC instant.';
comment on column uptrends.v_group_uptime_monthly.month_end_at is 'Local midnight ending the month (exclusive), UTC instant.';
comment on column uptrends.v_group_uptime_monthly.monitors is 'Production member monitors that existed in the month (the workbook''s Members).';
comment on column uptrends.v_group_uptime_monthly.monitor_guids is 'Those monitors'' GUIDs, sorted.';
comment on column uptrends.v_group_uptime_monthly.monitors_with_statistics is 'Of those, the monitors with statistics (monitored time in their buckets) in the month.';
comment on column uptrends.v_group_uptime_monthly.statistics_uptime_seconds is 'Statistics figure: Uptime seconds summed over the members.';
comment on column uptrends.v_group_uptime_monthly.statistics_downtime_seconds is 'Statistics figure: Downtime seconds summed over the members.';
comment on column uptrends.v_group_uptime_monthly.statistics_uptime_percentage is 'Uptime % (Uptrends) of the group: 100 x sum(uptime) / sum(uptime + downtime) over the members.';
comment on column uptrends.v_group_uptime_monthly.monitored_seconds is 'Monitored time summed over the members.';
comment on column uptrends.v_group_uptime_monthly.maintenance_seconds is 'Maintenance excluded, summed over the members.';
comment on column uptrends.v_group_uptime_monthly.incident_downtime_seconds is 'Downtime (incidents) summed over the members.';
comment on column uptrends.v_group_uptime_monthly.incident_uptime_percentage is 'Uptime % (incidents) of the group, time-weighted: 100 x (1 - sum of downtime / sum of monitored time).';
comment on column uptrends.v_group_uptime_monthly.incidents_started is 'Incidents of the members that started in the month (the workbook''s Incidents).';
comment on column uptrends.v_group_uptime_monthly.uptime_percentage is 'Uptime % (headline) of the group: the statistics figure when every member with monitored time has statistics in the month, else the incident figure.';
comment on column uptrends.v_group_uptime_monthly.uptime_source is 'Source of uptime_percentage: statistics or incidents.';
comment on column uptrends.v_group_uptime_monthly.required_seconds is 'Coverage: seconds the members must be covered for in the month, summed.';
comment on column uptrends.v_group_uptime_monthly.alerts_read_seconds is 'Coverage: of required_seconds, the seconds whose alerts were read.';
comment on column uptrends.v_group_uptime_monthly.statistics_read_seconds is 'Coverage: of required_seconds, the seconds whose statistics were read.';
comment on column uptrends.v_group_uptime_monthly.alerts_coverage is 'Share (0 to 1) of required_seconds whose alerts were read.';
comment on column uptrends.v_group_uptime_monthly.statistics_coverage is 'Share (0 to 1) of required_seconds whose statistics were read.';
comment on column uptrends.v_group_uptime_monthly.coverage is 'Coverage of uptime_percentage (of the source it uses). Below 1 the month is incomplete; 0 is no data, not 100 %.';
comment on column uptrends.v_group_uptime_monthly.incidents_resolved is 'Incidents of the members that ended in the month, until now.';
comment on column uptrends.v_group_uptime_monthly.mttr_seconds is 'MTTR: mean duration (FirstError to Ok) of the members'' incidents resolved in the month, full durations; null without any.';
comment on column uptrends.v_group_uptime_monthly.median_ttr_seconds is 'Median duration of those incidents.';
comment on column uptrends.v_group_uptime_monthly.longest_ttr_seconds is 'Longest duration of those incidents.';
comment on column uptrends.v_group_uptime_monthly.mtbf_seconds is 'MTBF: monitored time / incidents started in the month, over the members; null without incidents.';
