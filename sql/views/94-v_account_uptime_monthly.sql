-- Every report figure for the account as a whole (every Production monitor, time-weighted) and account-local calendar month, compared with
-- the month before: a thin selection from uptrends.figures, the one home of the figures, so a
-- month here is what the SLA workbook of that month shows. Coverage counts every hour of the month.
create or replace view uptrends.v_account_uptime_monthly as
select
  am.account_id,
  am.iana_zone,
  am.month,
  am.month_start_at,
  am.month_end_at,
  f.elapsed_end,
  f.members,
  f.members_missed,
  f.members_affected,
  f.required_seconds,
  f.monitored_seconds,
  f.maintenance_seconds,
  f.incident_downtime_seconds,
  f.period_downtime_seconds,
  f.statistics_buckets,
  f.statistics_uptime_seconds,
  f.statistics_downtime_seconds,
  f.checks,
  f.confirmed_errors,
  f.has_statistics,
  f.incident_uptime_percentage,
  f.statistics_uptime_percentage,
  f.uptime_percentage,
  f.uptime_source,
  f.target_percentage,
  f.target_error_percentage,
  f.target_source,
  f.sla_name,
  f.status,
  f.error_budget_seconds,
  f.budget_used,
  f.over_budget_seconds,
  f.incidents_overlapping,
  f.incidents_started,
  f.incidents_resolved,
  f.ongoing_at_end,
  f.incident_alerts,
  f.mttr_seconds,
  f.median_ttr_seconds,
  f.longest_ttr_seconds,
  f.mtbf_seconds,
  f.alerts_read_seconds,
  f.statistics_read_seconds,
  f.covered_seconds,
  f.coverage,
  f.alerts_coverage,
  f.data_state,
  f.alerts_data_state,
  f.previous_uptime_percentage,
  f.previous_coverage,
  f.previous_data_state,
  f.change_pp
from uptrends.v_account_month am
cross join lateral uptrends.figures(
  am.account_id,
  array[tstzrange(am.month_start_at, am.month_end_at), tstzrange(am.previous_month_start_at, am.month_start_at)],
  p_compare_to => array[2, null]::integer[]
) f
where f.window_index = 1 and f.grain = 'account';

comment on view uptrends.v_account_uptime_monthly is
  'Report figures for the account as a whole (every Production monitor, time-weighted) per account-local calendar month, from uptrends.figures (definitions: docs/reports.md, "Figures"; every column is commented). Filter on month (or day), which reaches the calendar before any work: select * from uptrends.v_account_uptime_monthly where month = date ''2025-10-01''.';
comment on column uptrends.v_account_uptime_monthly.account_id is 'Uptrends AccountId.';
comment on column uptrends.v_account_uptime_monthly.iana_zone is 'The account''s IANA zone, in which months are counted.';
comment on column uptrends.v_account_uptime_monthly.month is 'First day of the account-local month.';
comment on column uptrends.v_account_uptime_monthly.month_start_at is 'Local midnight starting the month, UTC instant.';
comment on column uptrends.v_account_uptime_monthly.month_end_at is 'Local midnight ending the month (exclusive), UTC instant.';
select uptrends.comment_figure_columns('uptrends.v_account_uptime_monthly');
