-- Uptrends' SLA overview per account, SLA definition, monitor and account-local day: a thin
-- selection from uptrends.sla_figures (the current day counts up to now).
create or replace view uptrends.v_sla_daily as
select
  ad.account_id,
  ad.iana_zone,
  f.sla_guid,
  f.sla_name,
  f.monitor_guid,
  f.name as monitor_name,
  f.production,
  ad.day,
  ad.month,
  ad.day_start_at,
  ad.day_end_at,
  f.elapsed_end,
  f.uptime_warning_threshold,
  f.uptime_error_threshold,
  f.sla_uptime_percentage,
  f.status,
  f.total_time_threshold,
  f.average_total_time,
  f.total_time_status,
  f.operator_response_time_threshold,
  f.operator_response_time,
  f.operator_response_status,
  f.confirmed_errors,
  f.downtime_seconds,
  f.downtime_percentage,
  f.checks,
  f.exclusion_periods,
  f.required_seconds,
  f.excluded_seconds,
  f.maintenance_seconds,
  f.monitored_seconds,
  f.statistics_buckets,
  f.split_buckets,
  f.statistics_uptime_seconds,
  f.incident_downtime_seconds,
  f.incident_uptime_percentage,
  f.statistics_read_seconds,
  f.alerts_read_seconds,
  f.coverage,
  f.data_state
from uptrends.v_account_day ad
cross join lateral uptrends.sla_figures(ad.account_id, array[tstzrange(ad.day_start_at, ad.day_end_at)]) f
where f.grain = 'monitor';

comment on view uptrends.v_sla_daily is
  'Uptrends'' SLA overview per account, SLA definition, monitor and account-local day, from uptrends.sla_figures (definitions: docs/reports.md, "SLA overview"; every column is commented). Filter on day or month: select * from uptrends.v_sla_daily where month = date ''2025-10-01''.';
select uptrends.comment_sla_figure_columns('uptrends.v_sla_daily');
