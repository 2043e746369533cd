-- The daily view summed per monitor and account-local month, time-weighted (seconds summed, then
-- divided: never an average of daily percentages), with the workbook's incident figures per month
-- (MTTR over the incidents resolved in the month, MTBF) and its coverage.
create or replace view uptrends.v_monitor_uptime_monthly as
select
  g.*,
  r.incidents_resolved,
  r.mttr_seconds,
  r.median_ttr_seconds,
  r.longest_ttr_seconds,
  g.monitored_seconds / nullif(g.incidents_started, 0) as mtbf_seconds
from (
  select
    account_id,
    iana_zone,
    monitor_guid,
    max(monitor_name) as monitor_name,
    month,
    uptrends.local_to_utc(month::timestamp, iana_zone) as calendar_month_start_at,
    uptrends.local_to_utc((month + interval '1 month')::timestamp, iana_zone) as calendar_month_end_at,
    count(*)::integer as days,
    (count(*) filter (where statistics_buckets > 0))::integer as statistics_days,
    min(day_start_at) as month_start_at,
    max(day_end_at) as month_end_at,
    sum(day_seconds)::bigint as month_seconds,
    sum(statistics_uptime_seconds) as statistics_uptime_seconds,
    sum(statistics_downtime_seconds) as statistics_downtime_seconds,
    100.0 * sum(statistics_uptime_seconds)
      / nullif(sum(statistics_uptime_seconds) + sum(statistics_downtime_seconds), 0)::double precision
      as statistics_uptime_percentage,
    sum(statistics_checks) as statistics_checks,
    sum(statistics_confirmed_errors) as statistics_confirmed_errors,
    sum(statistics_alerts) as statistics_alerts,
    max(sla_target) as sla_target,
    sum(monitored_seconds) as monitored_seconds,
    sum(maintenance_seconds) as maintenance_seconds,
    sum(incident_downtime_seconds) as incident_downtime_seconds,
    100.0 * (1 - sum(incident_downtime_seconds) / nullif(sum(monitored_seconds), 0)) as incident_uptime_percentage,
    sum(incidents_started)::integer as incidents_started,
    case
      when sum(statistics_uptime_seconds) + sum(statistics_downtime_seconds) > 0 then
        100.0 * sum(statistics_uptime_seconds)
          / (sum(statistics_uptime_seconds) + sum(statistics_downtime_seconds))::double precision
      else 100.0 * (1 - sum(incident_downtime_seconds) / nullif(sum(monitored_seconds), 0))
    end as uptime_percentage,
    case
      when sum(statistics_uptime_seconds) + sum(statistics_downtime_seconds) > 0 then 'statistics'
      when sum(monitored_seconds) > 0 then 'incidents'
    end as uptime_source,
    sum(required_seconds) as required_seconds,
    sum(alerts_read_seconds) as alerts_read_seconds,
    sum(statistics_read_seconds) as statistics_read_seconds,
    sum(alerts_read_seconds) / nullif(sum(required_seconds), 0) as alerts_coverage,
    sum(statistics_read_seconds) / nullif(sum(required_seconds), 0) as statistics_coverage,
    case
      when sum(statistics_uptime_seconds) + sum(statistics_downtime_seconds) > 0
        then sum(statistics_read_seconds) / nullif(sum(required_seconds), 0)
      else sum(alerts_read_seconds) / nullif(sum(required_seconds), 0)
    end as coverage
  from uptrends.v_monitor_uptime_daily
  group by account_id, iana_zone, monitor_guid, month
) g
left join lateral (
  -- MTTR as the workbook counts it: incidents resolved in the month (until now), full durations.
  select
    count(*)::integer as incidents_resolved,
    avg(i.duration_seconds)::double precision as mttr_seconds,
    percentile_cont(0.5) within group (order by i.duration_seconds) as median_ttr_seconds,
    max(i.duration_seconds)::double precision as longest_ttr_seconds
  from uptrends.incident i
  where i.monitor_guid = g.monitor_guid
    and i.ended_at >= g.calendar_month_start_at
    and i.ended_at < least(g.calendar_month_end_at, now())
) r on true;

comment on view uptrends.v_monitor_uptime_monthly is
  'Uptime per monitor and account-local month, both figures of the SLA workbook side by side, time-weighted: the seconds of v_monitor_uptime_daily summed, then divided (never an average of daily percentages). statistics_*: "Uptime % (Uptrends)"; incident_*: "Uptime % (incidents)"; uptime_percentage: "Uptime % (headline)"; MTTR, MTBF and coverage as the workbook defines them. Filter on month: select * from uptrends.v_monitor_uptime_monthly where month = date ''2025-03-01''.';
comment on column uptrends.v_monitor_uptime_monthly.account_id is 'Account of the monitor.';
comment on column uptrends.v_monitor_uptime_monthly.iana_zone is 'The account''s IANA zone, in which the month is counted.';
comment on column uptrends.v_monitor_uptime_monthly.monitor_guid is 'Monitor GUID.';
comment on column uptrends.v_monitor_uptime_monthly.monitor_name is 'Monitor name.';
comment on column uptrends.v_monitor_uptime_monthly.month is 'First day of the account-local month.';
comment on column uptrends.v_monitor_uptime_monthly.calendar_month_start_at is 'Local midnight starting the calendar month, UTC instant (month_start_at is the first day counted).';
comment on column uptrends.v_monitor_uptime_monthly.calendar_month_end_at is 'Local midnight ending the calendar month (exclusive), UTC instant.';
comment on column uptrends.v_monitor_uptime_monthly.days is 'Days of the month with a row (fewer in the current month, in the first month of data and around the monitor''s creation, deletion or pause).';
comment on column uptrends.v_monitor_uptime_monthly.statistics_days is 'Days with statistics buckets.';
comment on column uptrends.v_monitor_uptime_monthly.month_start_at is 'Start of the first day counted, UTC instant.';
comment on column uptrends.v_monitor_uptime_monthly.month_end_at is 'End of the last day counted (exclusive), UTC instant.';
comment on column uptrends.v_monitor_uptime_monthly.month_seconds is 'Sum of day_seconds of the days counted (DST months are an hour shorter or longer).';
comment on column uptrends.v_monitor_uptime_monthly.statistics_uptime_seconds is 'Statistics figure: sum of the daily Uptime seconds.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_downtime_seconds is 'Statistics figure: sum of the daily Downtime seconds.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_uptime_percentage is 'Uptime % (Uptrends) of the month: 100 x sum(uptime) / sum(uptime + downtime).';
comment on column uptrends.v_monitor_uptime_monthly.statistics_checks is 'Statistics figure: checks in the month.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_confirmed_errors is 'Statistics figure: confirmed errors in the month.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_alerts is 'Statistics figure: alerts counted by the Statistics API in the month.';
comment on column uptrends.v_monitor_uptime_monthly.sla_target is 'Highest SlaTarget reported in the month; null when none.';
comment on column uptrends.v_monitor_uptime_monthly.monitored_seconds is 'Monitored time (incident figure) of the month: the days within the monitor''s life, until now, minus DisableMonitoring maintenance.';
comment on column uptrends.v_monitor_uptime_monthly.maintenance_seconds is 'Maintenance excluded: DisableMonitoring maintenance in the month.';
comment on column uptrends.v_monitor_uptime_monthly.incident_downtime_seconds is 'Downtime (incidents) of the month (union of incidents, maintenance excluded).';
comment on column uptrends.v_monitor_uptime_monthly.incident_uptime_percentage is 'Uptime % (incidents) of the month: 100 x (1 - downtime / monitored time).';
comment on column uptrends.v_monitor_uptime_monthly.incidents_started is 'Incidents that started in the month (the workbook''s Incidents).';
comment on column uptrends.v_monitor_uptime_monthly.uptime_percentage is 'Uptime % (headline): the statistics figure when statistics give monitored time in the month, else the incident figure.';
comment on column uptrends.v_monitor_uptime_monthly.uptime_source is 'Source of uptime_percentage: statistics or incidents.';
comment on column uptrends.v_monitor_uptime_monthly.required_seconds is 'Coverage: seconds of the month the monitor must be covered for (its days, within its life, until now).';
comment on column uptrends.v_monitor_uptime_monthly.alerts_read_seconds is 'Coverage: seconds of required_seconds whose alerts were read.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_read_seconds is 'Coverage: seconds of required_seconds whose statistics were read.';
comment on column uptrends.v_monitor_uptime_monthly.alerts_coverage is 'Share (0 to 1) of required_seconds whose alerts were read.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_coverage is 'Share (0 to 1) of required_seconds whose statistics were read.';
comment on column uptrends.v_monitor_uptime_monthly.coverage is 'Coverage of uptime_percentage: statistics_coverage when the statistics figure leads, else alerts_coverage. Below 1 the month is incomplete; 0 is no data, whatever uptime_percentage says.';
comment on column uptrends.v_monitor_uptime_monthly.incidents_resolved is 'Incidents that ended (Ok alert) in the month, until now: what MTTR is the mean of.';
comment on column uptrends.v_monitor_uptime_monthly.mttr_seconds is 'MTTR: mean duration (FirstError to Ok) of the incidents resolved in the month, full durations; null without any.';
comment on column uptrends.v_monitor_uptime_monthly.median_ttr_seconds is 'Median duration of the incidents resolved in the month (the mean of the middle two for an even count).';
comment on column uptrends.v_monitor_uptime_monthly.longest_ttr_seconds is 'Longest duration of the incidents resolved in the month.';
comment on column uptrends.v_monitor_uptime_monthly.mtbf_seconds is 'MTBF: monitored time / incidents started in the month; null without incidents.';
