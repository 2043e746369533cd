-- Every report figure per monitor group (time-weighted over its Production member monitors; the All Monitors row is the accounts figure) and account-local day: a thin selection from
-- uptrends.figures, the one home of the figures, so a day here is what a report of that day shows.
create or replace view uptrends.v_group_uptime_daily as
select
  ad.account_id,
  ad.iana_zone,
  f.monitor_group_guid,
  f.name as group_name,
  f.is_all,
  ad.day,
  ad.month,
  ad.day_start_at,
  ad.day_end_at,
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
  f.alerts_data_state
from uptrends.v_account_day ad
cross join lateral uptrends.figures(ad.account_id, array[tstzrange(ad.day_start_at, ad.day_end_at)]) f
where f.grain = 'group';

comment on view uptrends.v_group_uptime_daily is
  'Report figures per monitor group (time-weighted over its Production member monitors; the All Monitors row is the accounts figure) per account-local day, from uptrends.figures (definitions: docs/reports.md, "Figures"; every column is commented). Filter on month (or day), which reaches the calendar before any work: select * from uptrends.v_group_uptime_daily where month = date ''2025-10-01''.';
comment on column uptrends.v_group_uptime_daily.account_id is 'Uptrends AccountId.';
comment on column uptrends.v_group_uptime_daily.iana_zone is 'The account''s IANA zone, in which days are counted.';
comment on column uptrends.v_group_uptime_daily.day is 'Account-local calendar day (DST days last 23 or 25 hours).';
comment on column uptrends.v_group_uptime_daily.month is 'First day of the account-local month of day.';
comment on column uptrends.v_group_uptime_daily.day_start_at is 'Local midnight starting the day, UTC instant.';
comment on column uptrends.v_group_uptime_daily.day_end_at is 'Local midnight ending the day (exclusive), UTC instant.';
select uptrends.comment_figure_columns('uptrends.v_group_uptime_daily');
