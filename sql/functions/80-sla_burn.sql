-- uptrends.sla_burn: how fast each monitor and group spends its error budget in a running period,
-- and whether it will last (docs/reports.md, "Early warning"). Every time figure comes from
-- uptrends.figures, called with the windows this needs, so downtime, monitored time, targets and
-- coverage mean here what they mean in every report:
--   * the period so far, [period start, as of), and the last 1, 3 and 7 account-local days before
--     the as-of instant (one call, counted up to the as-of instant: nothing after it is seen, so a
--     past instant replays what was known then);
--   * the rest of the period, [as of, period end), for its monitored time only (maintenance
--     already planned is taken out; its downtime is not known yet and is never read).
-- Burn rate = the share of a window's monitored time that was down / (1 - target): 1 spends the
-- budget exactly by the period end, 10 ten times as fast. A window whose alerts were not read in
-- full has no rate (unknown, never 0), and a state that needs it is null.
-- States, in this order: breached (the downtime so far exceeds the whole period's budget); at risk
-- (the 1-day and the 3-day rates are both above the rate that spends the remaining budget over the
-- monitored time of the next p_at_risk_within_days, or of the rest of the period if that is
-- sooner); watch (at the 7-day rate the budget runs out before the period ends); ok.
create or replace function uptrends.sla_burn(
  p_account_id text,
  p_period tstzrange,
  p_as_of timestamptz default now(),
  p_monitors uuid[] default null,
  p_groups uuid[] default null,
  p_default_target double precision default uptrends.default_sla_target(),
  p_default_error double precision default null,
  p_override boolean default false,
  p_at_risk_within_days double precision default 3
)
returns table (
  period_start timestamptz,
  period_end timestamptz,
  as_of timestamptz,
  grain text,
  monitor_guid uuid,
  monitor_group_guid uuid,
  name text,
  is_all boolean,
  group_names text,
  members integer,
  target_percentage double precision,
  target_error_percentage double precision,
  target_source text,
  sla_name text,
  elapsed_monitored_seconds double precision,
  remaining_monitored_seconds double precision,
  period_monitored_seconds double precision,
  period_budget_seconds double precision,
  budget_spent_seconds double precision,
  budget_remaining_seconds double precision,
  period_budget_used double precision,
  period_over_budget_seconds double precision,
  downtime_1d_seconds double precision,
  downtime_3d_seconds double precision,
  downtime_7d_seconds double precision,
  burn_rate_1d double precision,
  burn_rate_3d double precision,
  burn_rate_7d double precision,
  burn_rate_to_date double precision,
  at_risk_burn_rate double precision,
  projected_uptime_7d double precision,
  projected_uptime_to_date double precision,
  runs_out_at timestamptz,
  state text,
  alerts_coverage double precision,
  alerts_data_state text
)
language sql
stable
as $$
  with
  b as (
    select lower(p_period) as p_start, upper(p_period) as p_end,
           least(p_as_of, upper(p_period)) as e, a.iana_zone as z
    from uptrends.account a
    where a.account_id = p_account_id and p_as_of > lower(p_period)
  ),
  -- The windows, in the order of uptrends.figures' window_index: 1 the period so far, 2-4 the
  -- last 1, 3 and 7 local days (23 or 25 hours on a DST day, as the daily views count them).
  win as (
    select b.*, array[
      tstzrange(b.p_start, b.p_end),
      tstzrange(uptrends.local_to_utc((b.e at time zone b.z) - interval '1 day', b.z), b.e),
      tstzrange(uptrends.local_to_utc((b.e at time zone b.z) - interval '3 days', b.z), b.e),
      tstzrange(uptrends.local_to_utc((b.e at time zone b.z) - interval '7 days', b.z), b.e)
    ] as windows
    from b
  ),
  past as materialized (
    select f.*, coalesce(f.monitor_guid, f.monitor_group_guid) as k
    from win w
    cross join lateral uptrends.figures(
      p_account_id, w.windows, w.e, p_monitors, p_groups, p_default_target, p_default_error,
      p_override, null, false
    ) f
    where f.grain = 'group' or (f.grain = 'monitor' and f.production)
  ),
  -- The rest of the period (window 1) and the at-risk horizon (window 2: the next
  -- p_at_risk_within_days, within the period), counted to the period end: only their monitored
  -- time is used (a group's adds up its members').
  rest as materialized (
    select f.window_index, f.grain, coalesce(f.monitor_guid, f.monitor_group_guid) as k, f.monitored_seconds
    from win w
    cross join lateral uptrends.figures(
      p_account_id,
      array[
        tstzrange(w.e, w.p_end),
        tstzrange(w.e, least(w.p_end, w.e + make_interval(secs => p_at_risk_within_days * 86400)))
      ],
      w.p_end, p_monitors, p_groups, p_default_target, p_default_error, p_override, null, false
    ) f
    where w.e < w.p_end and (f.grain = 'group' or (f.grain = 'monitor' and f.production))
  ),
  -- The recent windows and the rest of the period of each monitor and group side by side, in one
  -- grouping by (grain, k), k its monitor or group guid (the other is null in every row). Five
  -- self-joins of the figure rows on both guids with `is not distinct from`, and then on k, were
  -- planned as nested loops over every row of the other window: seconds for 1,000 monitors.
  beside as (
    select
      x.grain,
      x.k,
      max(x.m) filter (where x.src = 'past' and x.window_index = 2) as m1,
      max(x.d) filter (where x.src = 'past' and x.window_index = 2) as d1,
      max(x.s) filter (where x.src = 'past' and x.window_index = 2) as s1,
      max(x.m) filter (where x.src = 'past' and x.window_index = 3) as m3,
      max(x.d) filter (where x.src = 'past' and x.window_index = 3) as d3,
      max(x.s) filter (where x.src = 'past' and x.window_index = 3) as s3,
      max(x.m) filter (where x.src = 'past' and x.window_index = 4) as m7,
      max(x.d) filter (where x.src = 'past' and x.window_index = 4) as d7,
      max(x.s) filter (where x.src = 'past' and x.window_index = 4) as s7,
      max(x.m) filter (where x.src = 'rest' and x.window_index = 1) as m_rest,
      max(x.m) filter (where x.src = 'rest' and x.window_index = 2) as m_horizon
    from (
      select 'past' as src, p.window_index, p.grain, p.k, p.monitored_seconds as m,
             p.incident_downtime_seconds as d, p.alerts_data_state as s
      from past p
      where p.window_index > 1
      union all
      select 'rest', r.window_index, r.grain, r.k, r.monitored_seconds, null, null
      from rest r
    ) x
    group by x.grain, x.k
  ),
  -- One row per monitor and group of the period so far, its recent windows beside it.
  joined as (
    select
      p.grain, p.monitor_guid, p.monitor_group_guid, p.name, p.is_all, p.group_names, p.members,
      p.target_percentage, p.target_error_percentage, p.target_source, p.sla_name,
      p.monitored_seconds as m_el, p.incident_downtime_seconds as d_el,
      coalesce(x.m_rest, 0) as m_rest,
      coalesce(x.m_horizon, 0) as m_horizon,
      extract(epoch from b.p_end - b.e)::double precision as wall_rest,
      p.alerts_coverage, p.alerts_data_state,
      x.m1, x.d1, x.s1, x.m3, x.d3, x.s3, x.m7, x.d7, x.s7,
      1 - p.target_percentage / 100 as eb
    from past p
    left join beside x on x.grain = p.grain and x.k = p.k
    cross join b
    where p.window_index = 1
  ),
  -- Budgets and rates. A rate needs its window read in full; a window without monitored time (all
  -- maintenance) could not go down: rate 0.
  rated as (
    select
      j.*,
      j.m_el + j.m_rest as m_all,
      j.eb * (j.m_el + j.m_rest) as budget,
      j.eb * (j.m_el + j.m_rest) - j.d_el as remaining,
      case when j.s1 = 'complete' and j.eb > 0 then coalesce(j.d1 / nullif(j.m1, 0), 0) / j.eb end as r1,
      case when j.s3 = 'complete' and j.eb > 0 then coalesce(j.d3 / nullif(j.m3, 0), 0) / j.eb end as r3,
      case when j.s7 = 'complete' and j.eb > 0 then coalesce(j.d7 / nullif(j.m7, 0), 0) / j.eb end as r7,
      case when j.alerts_data_state = 'complete' and j.eb > 0
        then coalesce(j.d_el / nullif(j.m_el, 0), 0) / j.eb end as r_to_date,
      -- The horizon of "at risk": the monitored time of the next p_at_risk_within_days (a group:
      -- of all its members), or of what is left of the period if that is sooner.
      j.m_horizon as horizon
    from joined j
  ),
  judged as (
    select
      r.*,
      case when r.horizon > 0 and r.eb > 0 then greatest(r.remaining, 0) / (r.eb * r.horizon) end
        as at_risk_rate,
      case
        when r.alerts_data_state is distinct from 'complete' then null
        -- A microsecond of slack: downtime exactly equal to the budget meets the target.
        when r.d_el > r.budget + 1e-6 then 'breached'
        when r.eb <= 0 then 'ok'
        when r.r1 is not null and r.r3 is not null and r.horizon > 0
          and r.r1 > greatest(r.remaining, 0) / (r.eb * r.horizon)
          and r.r3 > greatest(r.remaining, 0) / (r.eb * r.horizon) then 'at risk'
        when r.r1 is null or r.r3 is null or r.r7 is null then null
        when r.d_el + r.r7 * r.eb * r.m_rest > r.budget + 1e-6 then 'watch'
        else 'ok'
      end as state
    from rated r
  )
  select
    b.p_start, b.p_end, b.e,
    j.grain, j.monitor_guid, j.monitor_group_guid, j.name, j.is_all, j.group_names, j.members,
    j.target_percentage, j.target_error_percentage, j.target_source, j.sla_name,
    j.m_el, j.m_rest, j.m_all, j.budget, j.d_el, j.remaining,
    case when j.budget > 0 then j.d_el / j.budget end,
    -- Once the budget is spent, the downtime beyond it (the same slack as 'breached' below).
    case when j.d_el > j.budget + 1e-6 then j.d_el - j.budget end,
    j.d1, j.d3, j.d7,
    j.r1, j.r3, j.r7, j.r_to_date, j.at_risk_rate,
    case when j.m_all > 0 and j.r7 is not null
      then 100 * (1 - (j.d_el + j.r7 * j.eb * j.m_rest) / j.m_all) end,
    case when j.m_all > 0 and j.r_to_date is not null
      then 100 * (1 - (j.d_el + j.r_to_date * j.eb * j.m_rest) / j.m_all) end,
    -- At the rate the state rests on: the slower of the 1- and 3-day rates when at risk, the 7-day
    -- rate on watch, spread evenly over the time to come (monitored seconds per second: 1 for a
    -- monitor without maintenance, the member count for a group), so the instant is an estimate.
    case
      when j.state = 'at risk' and j.m_rest > 0
        then b.e + make_interval(secs => greatest(j.remaining, 0)
          / nullif(least(j.r1, j.r3) * j.eb * j.m_rest / j.wall_rest, 0))
      when j.state = 'watch' and j.m_rest > 0
        then b.e + make_interval(secs => greatest(j.remaining, 0)
          / nullif(j.r7 * j.eb * j.m_rest / j.wall_rest, 0))
    end,
    j.state,
    j.alerts_coverage,
    j.alerts_data_state
  from judged j
  cross join b
$$;

comment on function uptrends.sla_burn(text, tstzrange, timestamptz, uuid[], uuid[], double precision, double precision, boolean, double precision) is
  'Early warning for a running SLA period p_period (UTC [start, end)) as of p_as_of: per Production monitor and per monitor group, the error budget of the whole period, what is spent, burn rates over the last 1, 3 and 7 account-local days and the period so far, projections to the period end, the day the budget runs out and a state (ok, watch, at risk, breached; null when a window it needs was not read in full). Figures from uptrends.figures; targets as there (p_default_target, p_override). p_at_risk_within_days: at risk when the 1- and 3-day rates would both spend the remaining budget within this many days. Definitions: docs/reports.md, "Early warning". Example: select name, state, burn_rate_1d, burn_rate_7d, runs_out_at from uptrends.sla_burn(''123456'', tstzrange(''2025-10-01 00:00+02'', ''2025-11-01 00:00+01''), ''2025-10-20 00:00+02'') where state <> ''ok''.';
