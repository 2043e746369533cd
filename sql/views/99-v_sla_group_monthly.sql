-- Uptrends' SLA overview per account, SLA definition and monitor group (and the account: grain
-- account) per account-local month: time-weighted over the Production members, from
-- uptrends.sla_figures.
create or replace view uptrends.v_sla_group_monthly as
select
  am.account_id,
  am.iana_zone,
  f.sla_guid,
  f.sla_name,
  f.grain,
  f.monitor_group_guid,
  f.name as group_name,
  f.is_all,
  f.members,
  am.month,
  am.month_start_at,
  am.month_end_at,
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
from uptrends.v_account_month am
cross join lateral uptrends.sla_figures(am.account_id, array[tstzrange(am.month_start_at, am.month_end_at)]) f
where f.grain in ('group', 'account');

comment on view uptrends.v_sla_group_monthly is
  'Uptrends'' SLA overview per account, SLA definition and monitor group per account-local month (grain group), plus the account (grain account, every Production monitor), time-weighted over the Production members, from uptrends.sla_figures (definitions: docs/reports.md, "SLA overview"). Filter on month: select * from uptrends.v_sla_group_monthly where month = date ''2025-10-01''.';
select uptrends.comment_sla_figure_columns('uptrends.v_sla_group_monthly');
