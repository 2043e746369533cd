-- uptrends.sla_burn_days: the error budget left over a running period, per monitor and group of
-- uptrends.sla_burn: so far (at the period start, at the end of each local day that has ended, and
-- at the as-of instant) and projected at the 7-day burn rate (from the as-of instant to the end of
-- each local day still to come). The at-risk report draws it. Downtime per day comes from
-- uptrends.figures counted up to the as-of instant; the monitored time still to come from
-- uptrends.figures counted to the period end (maintenance already planned taken out), so the last
-- projected point is exactly sla_burn's projected_uptime_7d.
create or replace function uptrends.sla_burn_days(
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
  grain text,
  monitor_guid uuid,
  monitor_group_guid uuid,
  name text,
  point_at timestamptz,
  local_day date,
  period_day double precision,
  projected boolean,
  budget_remaining_seconds double precision,
  budget_remaining double precision,
  since_day date
)
language sql
stable
as $$
  with
  burn as materialized (
    select s.*
    from uptrends.sla_burn(
      p_account_id, p_period, p_as_of, p_monitors, p_groups, p_default_target, p_default_error,
      p_override, p_at_risk_within_days
    ) s
  ),
  b as (
    select lower(p_period) as p_start, upper(p_period) as p_end, least(p_as_of, upper(p_period)) as e,
           a.iana_zone as z
    from uptrends.account a
    where a.account_id = p_account_id and p_as_of > lower(p_period)
  ),
  day_list as (
    select d.d::date as day, uptrends.local_to_utc(d.d, b.z) as ds,
           uptrends.local_to_utc(d.d + interval '1 day', b.z) as de
    from b
    cross join lateral generate_series(
      (b.p_start at time zone b.z)::date::timestamp,
      ((b.p_end - interval '1 microsecond') at time zone b.z)::date::timestamp,
      interval '1 day'
    ) d (d)
  ),
  -- The days that have ended by the as-of instant, and those still to come (the one holding the
  -- as-of instant counts from it).
  ended as (
    select row_number() over (order by l.day)::integer as i, l.day, l.ds, l.de
    from day_list l, b where l.de <= b.e
  ),
  coming as (
    select row_number() over (order by l.day)::integer as i, l.day, greatest(l.ds, b.e) as ws, l.de
    from day_list l, b where l.de > b.e
  ),
  -- Each figure row keyed by k, its monitor or group guid (the other is null): a plain equality the
  -- planner hashes. `is not distinct from` on both guids made every join below a nested loop over
  -- all the days' rows (minutes for 1,000 monitors).
  ended_fig as materialized (
    select f.window_index, f.grain, coalesce(f.monitor_guid, f.monitor_group_guid) as k, f.incident_downtime_seconds
    from b
    cross join (select array_agg(tstzrange(e.ds, e.de) order by e.i) as windows from ended e having count(*) > 0) x
    cross join lateral uptrends.figures(
      p_account_id, x.windows, b.e, p_monitors, p_groups, p_default_target, p_default_error, p_override, null, false
    ) f
  ),
  coming_fig as materialized (
    select f.window_index, f.grain, coalesce(f.monitor_guid, f.monitor_group_guid) as k, f.monitored_seconds
    from b
    cross join (select array_agg(tstzrange(c.ws, c.de) order by c.i) as windows from coming c having count(*) > 0) x
    cross join lateral uptrends.figures(
      p_account_id, x.windows, b.p_end, p_monitors, p_groups, p_default_target, p_default_error, p_override, null,
      false
    ) f
  ),
  points as (
    -- The period start: nothing spent.
    select s.grain, s.monitor_guid, s.monitor_group_guid, s.name, b.p_start as point_at, false as projected,
           s.period_budget_seconds as remaining, s.period_budget_seconds as budget
    from burn s cross join b
    union all
    -- The end of each day that has ended before the as-of instant: the budget less the downtime so far.
    select s.grain, s.monitor_guid, s.monitor_group_guid, s.name, e.de, false,
           s.period_budget_seconds - sum(coalesce(f.incident_downtime_seconds, 0)) over (
             partition by s.grain, s.monitor_guid, s.monitor_group_guid order by e.i
           ),
           s.period_budget_seconds
    from burn s
    cross join ended e
    cross join b
    left join ended_fig f on f.window_index = e.i and f.grain = s.grain
      and f.k = coalesce(s.monitor_guid, s.monitor_group_guid)
    where e.de < b.e
    union all
    -- The as-of instant, ending the line so far and starting the projection.
    select s.grain, s.monitor_guid, s.monitor_group_guid, s.name, b.e, x.projected,
           s.budget_remaining_seconds, s.period_budget_seconds
    from burn s cross join b cross join (values (false), (true)) x (projected)
    where x.projected = false or s.burn_rate_7d is not null
    union all
    -- The end of each day to come, at the 7-day rate over the monitored time until then.
    select s.grain, s.monitor_guid, s.monitor_group_guid, s.name, c.de, true,
           s.budget_remaining_seconds
             - s.burn_rate_7d * (1 - s.target_percentage / 100) * sum(coalesce(f.monitored_seconds, 0)) over (
               partition by s.grain, s.monitor_guid, s.monitor_group_guid order by c.i
             ),
           s.period_budget_seconds
    from burn s
    cross join coming c
    left join coming_fig f on f.window_index = c.i and f.grain = s.grain
      and f.k = coalesce(s.monitor_guid, s.monitor_group_guid)
    where s.burn_rate_7d is not null
  ),
  -- Since when each service's state holds, read off its points so far (oldest first): for
  -- breached the day of the first point below zero; for at risk and watch the first day of the
  -- latest run of points that each fell below the one before (run: the points not falling so far,
  -- so a run of falls shares the count of the point before it).
  so_far as (
    select p.grain, coalesce(p.monitor_guid, p.monitor_group_guid) as k, p.point_at,
           ((p.point_at - interval '1 microsecond') at time zone b.z)::date as day,
           coalesce(p.remaining, 0) as remaining,
           coalesce(coalesce(p.remaining, 0) < lag(coalesce(p.remaining, 0)) over w, false) as fell
    from points p cross join b
    where not p.projected
    window w as (partition by p.grain, coalesce(p.monitor_guid, p.monitor_group_guid) order by p.point_at)
  ),
  runs as (
    select f.*,
           sum(case when f.fell then 0 else 1 end) over (partition by f.grain, f.k order by f.point_at) as run
    from so_far f
  ),
  last_run as (
    select r.grain, r.k,
           max(r.run) filter (where r.fell) as run,
           (array_agg(r.day order by r.point_at) filter (where r.remaining < 0))[1] as below_zero_day
    from runs r
    group by r.grain, r.k
  ),
  run_start as (
    select r.grain, r.k, min(r.day) as day
    from runs r
    join last_run l on l.grain = r.grain and l.k = r.k and l.run = r.run
    where r.fell
    group by r.grain, r.k
  ),
  since as (
    select s.grain, coalesce(s.monitor_guid, s.monitor_group_guid) as k,
           case
             when s.state = 'breached' then l.below_zero_day
             when s.state in ('at risk', 'watch') then rs.day
           end as day
    from burn s
    join last_run l on l.grain = s.grain and l.k = coalesce(s.monitor_guid, s.monitor_group_guid)
    left join run_start rs on rs.grain = l.grain and rs.k = l.k
  )
  select
    p.grain, p.monitor_guid, p.monitor_group_guid, p.name, p.point_at,
    ((p.point_at - interval '1 microsecond') at time zone b.z)::date,
    extract(epoch from (p.point_at at time zone b.z) - (b.p_start at time zone b.z))::double precision / 86400,
    p.projected,
    p.remaining,
    case when p.budget > 0 then p.remaining / p.budget end,
    si.day
  from points p
  cross join b
  left join since si on si.grain = p.grain and si.k = coalesce(p.monitor_guid, p.monitor_group_guid)
  order by p.grain, p.name, p.monitor_guid, p.monitor_group_guid, p.projected, p.point_at
$$;

comment on function uptrends.sla_burn_days(text, tstzrange, timestamptz, uuid[], uuid[], double precision, double precision, boolean, double precision) is
  'The error budget left over a running period per monitor and group of uptrends.sla_burn (same arguments): so far (period start, end of each ended local day, the as-of instant) and projected at the 7-day burn rate (end of each local day to come). period_day is the position in the period in local days (end of the first day = 1); since_day, the same on every row of a service, the local day its state began (uptrends.figure_description(''since_day'')). Example: select name, local_day, projected, budget_remaining from uptrends.sla_burn_days(''123456'', tstzrange(''2025-10-01 00:00+02'', ''2025-11-01 00:00+01''), ''2025-10-20 00:00+02'') order by name, point_at.';
