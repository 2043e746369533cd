create or replace view uptrends.v_monitor_uptime_monthly as
select
  account_id,
  iana_zone,
  monitor_guid,
  max(monitor_name) as monitor_name,
  month,
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
  end as uptime_source
from uptrends.v_monitor_uptime_daily
group by account_id, iana_zone, monitor_guid, month;

comment on view uptrends.v_monitor_uptime_monthly is
  'Uptime per monitor and account-local month, both sources side by side, time-weighted: the seconds of v_monitor_uptime_daily summed, then divided (never an average of daily percentages). Filter on month: select * from uptrends.v_monitor_uptime_monthly where month = date ''2025-03-01''.';
comment on column uptrends.v_monitor_uptime_monthly.account_id is 'Account of the monitor.';
comment on column uptrends.v_monitor_uptime_monthly.iana_zone is 'The account''s IANA zone, in which the month is counted.';
comment on column uptrends.v_monitor_uptime_monthly.monitor_guid is 'Monitor GUID.';
comment on column uptrends.v_monitor_uptime_monthly.monitor_name is 'Monitor name.';
comment on column uptrends.v_monitor_uptime_monthly.month is 'First day of the account-local month.';
comment on column uptrends.v_monitor_uptime_monthly.days is 'Days of the month with a row (fewer in the current month, in the first month of data and around the monitor''s creation or deletion).';
comment on column uptrends.v_monitor_uptime_monthly.statistics_days is 'Days with statistics buckets.';
comment on column uptrends.v_monitor_uptime_monthly.month_start_at is 'Start of the first day counted, UTC instant.';
comment on column uptrends.v_monitor_uptime_monthly.month_end_at is 'End of the last day counted (exclusive), UTC instant.';
comment on column uptrends.v_monitor_uptime_monthly.month_seconds is 'Sum of day_seconds of the days counted (DST months are an hour shorter or longer).';
comment on column uptrends.v_monitor_uptime_monthly.statistics_uptime_seconds is 'Sum of the daily statistics uptime seconds.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_downtime_seconds is 'Sum of the daily statistics downtime seconds.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_uptime_percentage is 'Uptime % (Uptrends) of the month: 100 x sum(uptime) / sum(uptime + downtime).';
comment on column uptrends.v_monitor_uptime_monthly.statistics_checks is 'Checks in the month.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_confirmed_errors is 'Confirmed errors in the month.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_alerts is 'Alerts counted by the Statistics API in the month.';
comment on column uptrends.v_monitor_uptime_monthly.sla_target is 'Highest SlaTarget reported in the month; null when none.';
comment on column uptrends.v_monitor_uptime_monthly.monitored_seconds is 'Monitored time of the month for the incident figure (DisableMonitoring maintenance excluded).';
comment on column uptrends.v_monitor_uptime_monthly.maintenance_seconds is 'DisableMonitoring maintenance excluded in the month.';
comment on column uptrends.v_monitor_uptime_monthly.incident_downtime_seconds is 'Incident downtime of the month (union of incidents, maintenance excluded).';
comment on column uptrends.v_monitor_uptime_monthly.incident_uptime_percentage is 'Uptime % (incidents) of the month: 100 x (1 - downtime / monitored time).';
comment on column uptrends.v_monitor_uptime_monthly.incidents_started is 'Incidents that started in the month.';
comment on column uptrends.v_monitor_uptime_monthly.uptime_percentage is 'The leading figure: the statistics figure when statistics give monitored time in the month, else the incident figure.';
comment on column uptrends.v_monitor_uptime_monthly.uptime_source is 'Source of uptime_percentage: statistics or incidents.';
