-- The early warning for analysts: uptrends.sla_burn over each account's current calendar month (the
-- month holding the last instant before the as-of instant, in the account's zone) as of the instant
-- its alerts were read up to (uptrends.alerts_read_until, never later than now; the reports take the
-- same instant): as of now, the minutes since the last sync are not read and every state would be
-- unknown. With the default target (99.9 %) where neither statistics nor a group SLA give one, and
-- the default at-risk horizon (3 days). A thin selection: the figures are the function's
-- (docs/reports.md, "Early warning").
create or replace view uptrends.v_sla_burn as
select
  a.account_id,
  a.iana_zone,
  m.month,
  s.period_start,
  s.period_end,
  s.as_of,
  s.grain,
  s.monitor_guid,
  s.monitor_group_guid,
  s.name,
  s.is_all,
  s.group_names,
  s.members,
  s.target_percentage,
  s.target_error_percentage,
  s.target_source,
  s.sla_name,
  s.state,
  s.elapsed_monitored_seconds,
  s.remaining_monitored_seconds,
  s.period_monitored_seconds,
  s.period_budget_seconds,
  s.budget_spent_seconds,
  s.budget_remaining_seconds,
  s.period_budget_used,
  s.period_over_budget_seconds,
  s.downtime_1d_seconds,
  s.downtime_3d_seconds,
  s.downtime_7d_seconds,
  s.burn_rate_1d,
  s.burn_rate_3d,
  s.burn_rate_7d,
  s.burn_rate_to_date,
  s.at_risk_burn_rate,
  s.projected_uptime_7d,
  s.projected_uptime_to_date,
  s.runs_out_at,
  s.alerts_coverage,
  s.alerts_data_state
from uptrends.account a
cross join lateral (
  select least(now(), coalesce(uptrends.alerts_read_until(a.account_id), now())) as as_of
) r
cross join lateral (
  select date_trunc('month', (r.as_of - interval '1 microsecond') at time zone a.iana_zone) as m
) l
cross join lateral (
  select l.m::date as month,
         uptrends.local_to_utc(l.m, a.iana_zone) as month_start_at,
         uptrends.local_to_utc(l.m + interval '1 month', a.iana_zone) as month_end_at
) m
cross join lateral uptrends.sla_burn(a.account_id, tstzrange(m.month_start_at, m.month_end_at), r.as_of) s;

comment on view uptrends.v_sla_burn is
  'SLA early warning per Production monitor and monitor group for each account''s current calendar month as of the instant its alerts were read up to (uptrends.alerts_read_until, at most now), from uptrends.sla_burn (definitions: docs/reports.md, "Early warning"; every column is commented): error budget of the whole month, what is spent, burn rates over 1, 3 and 7 days, projections, when the budget runs out, and the state ok, watch, at risk or breached. Example: select name, state, burn_rate_1d, burn_rate_7d, runs_out_at from uptrends.v_sla_burn where state in (''at risk'', ''breached'').';
comment on column uptrends.v_sla_burn.account_id is 'Uptrends AccountId.';
comment on column uptrends.v_sla_burn.iana_zone is 'The account''s IANA zone, in which the month and the days of the windows are counted.';
comment on column uptrends.v_sla_burn.month is 'First day of the account-local month the row is about (the month holding the as-of instant).';
select uptrends.comment_figure_columns('uptrends.v_sla_burn');
