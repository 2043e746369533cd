-- uptrends.figures: the one home of every SLA and incident figure the reports show and the uptime
-- views select (docs/reports.md, "Figures"). For each window [start, end) it returns one row per
-- monitor that existed in it, one per monitor group with such members, and one for the account
-- (the monitors in scope). Rules:
--   * a window counts only up to p_as_of (a running period "to date"); a monitor only over its life
--     (created_at to deleted_at, or to its pause for a paused monitor);
--   * monitored time = that life minus DisableMonitoring maintenance; downtime = the union of its
--     incidents (an ongoing one runs on) within monitored time;
--   * uptime from the statistics where they exist (for a group: for every member with monitored
--     time), else from incidents; groups and the account are time-weighted over their Production
--     members, never an average of percentages;
--   * coverage is counted against the whole window within the monitor's life: a window read for a
--     tenth of its hours is 10 % covered, whatever day the data begins; nothing read is "no data"
--     (no uptime at all), part read is "incomplete" and is never judged against the target;
--   * an incident counts in the window it started in, its full duration in the window it was
--     resolved in (MTTR, median, longest), and as ongoing when it is open at the window's end.
-- Several windows in one call share the work that does not depend on the window (monitors,
-- coverage, maintenance). p_compare_to[i] names the window row i is compared with (its previous
-- period): the change is drawn only when both are complete.
create or replace function uptrends.figures(
  p_account_id text,
  p_windows tstzrange[],
  p_as_of timestamptz default now(),
  p_monitors uuid[] default null,
  p_groups uuid[] default null,
  p_default_target double precision default uptrends.default_sla_target(),
  p_default_error double precision default null,
  p_override boolean default false,
  p_compare_to integer[] default null,
  p_medians boolean default true
)
returns table (
  window_index integer,
  window_start timestamptz,
  window_end timestamptz,
  elapsed_end timestamptz,
  grain text,
  monitor_guid uuid,
  monitor_group_guid uuid,
  name text,
  is_all boolean,
  monitor_type text,
  check_interval_seconds integer,
  production boolean,
  group_names text,
  members integer,
  required_seconds double precision,
  monitored_seconds double precision,
  maintenance_seconds double precision,
  incident_downtime_seconds double precision,
  period_downtime_seconds double precision,
  statistics_buckets integer,
  statistics_uptime_seconds double precision,
  statistics_downtime_seconds double precision,
  checks bigint,
  confirmed_errors bigint,
  has_statistics boolean,
  incident_uptime_percentage double precision,
  statistics_uptime_percentage double precision,
  uptime_percentage double precision,
  uptime_source text,
  target_percentage double precision,
  target_error_percentage double precision,
  target_source text,
  sla_name text,
  status text,
  error_budget_seconds double precision,
  budget_used double precision,
  over_budget_seconds double precision,
  incidents_overlapping integer,
  incidents_started integer,
  incidents_resolved integer,
  ongoing_at_end integer,
  incident_alerts integer,
  mttr_seconds double precision,
  median_ttr_seconds double precision,
  longest_ttr_seconds double precision,
  mtbf_seconds double precision,
  members_missed integer,
  members_affected integer,
  alerts_read_seconds double precision,
  statistics_read_seconds double precision,
  covered_seconds double precision,
  coverage double precision,
  alerts_coverage double precision,
  data_state text,
  alerts_data_state text,
  previous_uptime_percentage double precision,
  previous_coverage double precision,
  previous_data_state text,
  change_pp double precision
)
language sql
stable
as $$
  with
  win as (
    select
      w.ord::integer as window_index,
      lower(w.r) as window_start,
      upper(w.r) as window_end,
      greatest(lower(w.r), least(upper(w.r), p_as_of)) as elapsed_end
    from unnest(p_windows) with ordinality as w (r, ord)
  ),
  zone as (
    select a.iana_zone from uptrends.account a where a.account_id = p_account_id
  ),
  mon as materialized (
    select
      m.monitor_guid,
      coalesce(m.name, m.monitor_guid::text) as name,
      coalesce(m.monitor_type, '') as monitor_type,
      m.check_interval_seconds,
      uptrends.monitor_is_production(m) as production,
      uptrends.monitor_life_start(m) as life_start,
      -- A paused monitor runs no checks: its life ends at its pause (its last modification).
      uptrends.monitor_life_end(m) as life_end
    from uptrends.monitor m
    where m.account_id = p_account_id
      and (p_monitors is null or m.monitor_guid = any (p_monitors))
  ),
  -- Each monitor in each window it lived in: the part of the elapsed window it existed.
  mw as materialized (
    select
      w.window_index, w.window_start, w.window_end, w.elapsed_end,
      m.monitor_guid, m.life_start, m.life_end,
      tstzrange(greatest(w.window_start, m.life_start), least(w.elapsed_end, m.life_end)) as live
    from win w
    join mon m on m.life_start < w.elapsed_end and m.life_end > w.window_start
    where w.window_start < w.elapsed_end
  ),
  maint as materialized (
    -- DisableMonitoring only: DisableNotifications keeps checking, and its errors count.
    select mi.monitor_guid, range_agg(tstzrange(mi.start_at, mi.end_at)) as ranges
    from zone z
    cross join (select min(window_start) as s, max(elapsed_end) as e from win where window_start < elapsed_end) b
    cross join lateral uptrends.maintenance_interval(
      p_account_id,
      (b.s at time zone z.iana_zone)::date,
      ((b.e - interval '1 microsecond') at time zone z.iana_zone)::date
    ) mi
    where b.s is not null and mi.maintenance_type = 'DisableMonitoring'
    group by mi.monitor_guid
  ),
  cov as materialized (
    select c.* from uptrends.monitor_coverage(p_account_id) c
  ),
  -- Incidents that overlap a window, were resolved in it or are open at its end, each clipped to
  -- the monitor's life in the window (cs, ce). Three probes keep the lookup bounded and never meet:
  -- those that started in the window or the 7 days before it (by start); those that started
  -- earlier and lasted longer than 7 days, and those still open (both few, with partial indexes).
  -- The life comes from mon (hashed), not from mw: joined to mw, a year's 400,000 rows were sorted
  -- once more for a merge join.
  inc as materialized (
    select
      w.window_index,
      i.monitor_guid,
      i.alert_count,
      i.started_at < w.elapsed_end and coalesce(i.ended_at, 'infinity') > w.window_start as overlaps,
      i.started_at >= w.window_start and i.started_at < w.elapsed_end as started_in,
      i.ended_at >= w.window_start and i.ended_at < w.elapsed_end as resolved_in,
      i.started_at < w.elapsed_end and (i.ended_at is null or i.ended_at >= w.elapsed_end) as open_at_end,
      extract(epoch from i.ended_at - i.started_at)::double precision as duration_seconds,
      -- The bounds of mw.live (none when that range is empty, as lower() and upper() give).
      greatest(i.started_at, case when l.lo < l.hi then l.lo end) as cs,
      least(coalesce(i.ended_at, 'infinity'), case when l.lo < l.hi then l.hi end) as ce
    from win w
    cross join lateral (
      select s.monitor_guid, s.started_at, s.ended_at, s.alert_count
      from uptrends.incident s
      where s.account_id = p_account_id
        and s.started_at >= w.window_start - interval '7 days'
        and s.started_at < w.elapsed_end
        and (s.ended_at is null or s.ended_at >= w.window_start)
      union all
      select l.monitor_guid, l.started_at, l.ended_at, l.alert_count
      from uptrends.incident l
      where l.account_id = p_account_id
        and l.duration_seconds > 604800
        and l.started_at < w.window_start - interval '7 days'
        and l.ended_at >= w.window_start
      union all
      select o.monitor_guid, o.started_at, o.ended_at, o.alert_count
      from uptrends.incident o
      where o.account_id = p_account_id
        and o.ended_at is null
        and o.started_at < w.window_start - interval '7 days'
    ) i
    -- The monitors that lived in the window (the rows of mw).
    join mon m
      on m.monitor_guid = i.monitor_guid and m.life_start < w.elapsed_end and m.life_end > w.window_start
    cross join lateral (
      select greatest(w.window_start, m.life_start) as lo, least(w.elapsed_end, m.life_end) as hi
    ) l
    where w.window_start < w.elapsed_end
  ),
  -- Every incident figure of a monitor in a window in one sorted pass: counted, summed and measured
  -- by one grouping. The union of its clipped incidents is measured without range arithmetic: in
  -- (start, end) order each adds the part of it that ends after everything before it (islands).
  -- Where the monitor has maintenance, the union is also kept as ranges, to take the maintenance
  -- out. (Separate CTEs for the counts, the union, the ranges and the median read a year's 400,000
  -- clipped rows four times, and their misestimated joins sorted them to disk: seconds of the SLA
  -- workbook's Trend.)
  inc_mw as (
    select
      c.window_index,
      c.monitor_guid,
      coalesce(
        sum(extract(epoch from c.ce - greatest(c.cs, coalesce(c.before, c.cs))))
          filter (where c.overlaps and c.ce > c.cs and c.ce > coalesce(c.before, c.cs)),
        0
      )::double precision as union_seconds,
      range_agg(tstzrange(c.cs, c.ce)) filter (where c.has_maintenance and c.overlaps and c.ce > c.cs) as ranges,
      (count(*) filter (where c.overlaps or c.started_in))::integer as overlapping,
      (count(*) filter (where c.started_in))::integer as started,
      (count(*) filter (where c.resolved_in))::integer as resolved,
      (count(*) filter (where c.open_at_end))::integer as open_at_end,
      (coalesce(sum(c.alert_count) filter (where c.overlaps or c.started_in), 0))::integer as alerts,
      sum(c.duration_seconds) filter (where c.resolved_in) as resolved_seconds,
      percentile_cont(0.5) within group (order by c.duration_seconds)
        filter (where p_medians and c.resolved_in) as median_ttr,
      -- For the medians of groups and the account, which pool their members' durations.
      array_agg(c.duration_seconds) filter (where p_medians and c.resolved_in) as resolved_durations,
      max(c.duration_seconds) filter (where c.resolved_in) as longest_ttr
    from (
      select
        i.*,
        mt.monitor_guid is not null as has_maintenance,
        max(i.ce) filter (where i.overlaps and i.ce > i.cs) over (
          partition by i.window_index, i.monitor_guid order by i.cs, i.ce
          rows between unbounded preceding and 1 preceding
        ) as before
      from inc i
      left join maint mt on mt.monitor_guid = i.monitor_guid
    ) c
    group by c.window_index, c.monitor_guid
  ),
  -- The statistics figures of each monitor in each window, in one grouping: statistics_cover over
  -- all the windows at once (each local day taken once, from its finest complete cover), each
  -- bucket in the window it starts in. Its target: the SlaTarget of the window's latest bucket that
  -- carries one (max of [start, target] pairs: the latest start wins).
  stat_range as (
    select (select array_agg(m.monitor_guid) from mon m) as guids,
           (select min(w.window_start) from win w where w.window_start < w.elapsed_end) as s,
           (select max(w.elapsed_end) from win w where w.window_start < w.elapsed_end) as e
  ),
  stat_mw as (
    select
      b.window_index,
      b.monitor_guid,
      (count(*) filter (where b.in_life))::integer as buckets,
      coalesce(sum(b.uptime_seconds) filter (where b.in_life), 0)::double precision as up,
      coalesce(sum(b.downtime_seconds) filter (where b.in_life), 0)::double precision as down,
      coalesce(sum(b.checks) filter (where b.in_life), 0)::bigint as checks,
      coalesce(sum(b.confirmed_errors) filter (where b.in_life), 0)::bigint as confirmed_errors,
      (max(array[date_part('epoch', b.bucket_start_at), b.sla_target])
        filter (where b.sla_target is not null))[2] as latest_sla_target
    from (
      select
        w.window_index, c.monitor_guid, c.bucket_start_at, c.uptime_seconds, c.downtime_seconds, c.checks,
        c.confirmed_errors, c.sla_target,
        -- A bucket outside the monitor's life (after its pause) says nothing about it; the target
        -- still comes from the window's latest bucket that carries one.
        c.bucket_end_at > m.life_start and c.bucket_start_at < m.life_end as in_life
      from stat_range r
      cross join lateral uptrends.statistics_cover(r.guids, r.s, r.e) c
      join mon m on m.monitor_guid = c.monitor_guid
      join win w on c.bucket_start_at >= w.window_start and c.bucket_start_at < w.elapsed_end
      where r.s is not null
    ) b
    group by b.monitor_guid, b.window_index
  ),
  grp as (
    select g.monitor_group_guid, coalesce(g.description, g.monitor_group_guid::text) as name, g.is_all, g.deleted_at
    from uptrends.monitor_group g
    where g.account_id = p_account_id
  ),
  -- Memberships that held in a window: not removed before it began.
  gmem as materialized (
    select w.window_index, gm.monitor_group_guid, gm.monitor_guid, g.name, g.is_all
    from win w
    join uptrends.monitor_group_member gm
      on gm.account_id = p_account_id and (gm.deleted_at is null or gm.deleted_at > w.window_start)
    join grp g
      on g.monitor_group_guid = gm.monitor_group_guid and (g.deleted_at is null or g.deleted_at > w.window_start)
  ),
  sla_def as (
    select w.window_index, s.sla_guid, coalesce(s.description, s.sla_guid::text) as description,
           s.uptime_warning_threshold as desired,
           least(s.uptime_error_threshold, s.uptime_warning_threshold) as error
    from win w
    join uptrends.sla s
      on s.account_id = p_account_id
      and (s.deleted_at is null or s.deleted_at > w.window_start)
      and s.uptime_error_threshold is not null and s.uptime_warning_threshold is not null
  ),
  -- The SLA a group is held to: the status page that names it (published ones first, by name).
  group_sla as (
    select distinct on (d.window_index, g.guid)
      d.window_index, g.guid as monitor_group_guid, d.description, d.desired, d.error
    from uptrends.public_status_page p
    cross join lateral unnest(p.monitor_group_guids) as g (guid)
    join sla_def d on d.sla_guid = p.sla_guid
    where p.account_id = p_account_id and p.deleted_at is null and p.sla_guid is not null
    order by d.window_index, g.guid, coalesce(p.is_published, false) desc, p.name, p.public_status_page_guid
  ),
  -- A monitor's SLA definitions in the order its target is looked up: its groups by name, "All
  -- monitors" last.
  mon_sla as (
    select m.window_index, m.monitor_guid, s.description, s.desired, s.error,
           row_number() over (
             partition by m.window_index, m.monitor_guid order by m.is_all, m.name collate "C", m.monitor_group_guid
           ) as rank
    from gmem m
    join group_sla s on s.window_index = m.window_index and s.monitor_group_guid = m.monitor_group_guid
  ),
  -- A statistics SlaTarget is one number; its error threshold comes from the definition with that
  -- desired threshold: the monitor's groups' first, else any (by description).
  own_match as (
    select distinct on (ms.window_index, ms.monitor_guid, ms.desired)
      ms.window_index, ms.monitor_guid, ms.desired, ms.description, ms.error
    from mon_sla ms
    order by ms.window_index, ms.monitor_guid, ms.desired, ms.rank
  ),
  any_match as (
    select distinct on (d.window_index, d.desired) d.window_index, d.desired, d.description, d.error
    from sla_def d
    order by d.window_index, d.desired, d.description collate "C", d.sla_guid
  ),
  default_target as (
    select p_default_target as desired,
           least(coalesce(p_default_error, p_default_target), p_default_target) as error,
           case when p_override then 'Override' else 'Default' end as source
  ),
  names as (
    -- Its groups by name, "All monitors" only when it is in no other group: a label, taken once
    -- for all the windows (memberships not removed before the first one began).
    select gm.monitor_guid,
           coalesce(
             string_agg(g.name, ', ' order by g.name collate "C") filter (where not g.is_all),
             string_agg(g.name, ', ' order by g.name collate "C")
           ) as group_names
    from uptrends.monitor_group_member gm
    join grp g on g.monitor_group_guid = gm.monitor_group_guid
    cross join (select min(w.window_start) as s from win w) b
    where gm.account_id = p_account_id
      and (gm.deleted_at is null or gm.deleted_at > b.s)
      and (g.deleted_at is null or g.deleted_at > b.s)
    group by gm.monitor_guid
  ),
  mon_fig as materialized (
    select
      mw.window_index, mw.window_start, mw.window_end, mw.elapsed_end, mw.monitor_guid,
      m.name, m.monitor_type, m.check_interval_seconds, m.production, n.group_names,
      t.required, t.monitored, t.maintenance, t.down,
      coalesce(st.buckets, 0) as buckets, coalesce(st.up, 0) as stat_up, coalesce(st.down, 0) as stat_down,
      coalesce(st.checks, 0) as checks, coalesce(st.confirmed_errors, 0) as confirmed_errors,
      coalesce(st.buckets, 0) > 0 and coalesce(st.up, 0) + coalesce(st.down, 0) > 0 as has_statistics,
      -- Its target: the override; else the statistics' latest SlaTarget; else its groups' first
      -- SLA definition; else the default.
      case
        when p_override then d.desired
        when st.latest_sla_target is not null then st.latest_sla_target
        when fs.desired is not null then fs.desired
        else d.desired
      end as desired,
      case
        when p_override then d.error
        when st.latest_sla_target is not null
          then least(coalesce(om.error, am.error, st.latest_sla_target), st.latest_sla_target)
        when fs.desired is not null then fs.error
        else d.error
      end as error,
      case
        when p_override then d.source
        when st.latest_sla_target is not null then 'Statistics'
        when fs.desired is not null then 'Group SLA'
        else d.source
      end as source,
      case
        when p_override then null
        when st.latest_sla_target is not null then coalesce(om.description, am.description)
        else fs.description
      end as sla_name,
      coalesce(im.overlapping, 0) as overlapping, coalesce(im.started, 0) as started,
      coalesce(im.resolved, 0) as resolved, coalesce(im.open_at_end, 0) as open_at_end,
      coalesce(im.alerts, 0) as alerts, im.resolved_seconds,
      im.resolved_seconds / nullif(im.resolved, 0) as mttr, im.median_ttr, im.longest_ttr,
      t.alerts_read, t.statistics_read,
      -- The read time of the figure that leads: statistics and alerts both, or alerts alone.
      case
        when coalesce(st.buckets, 0) > 0 and coalesce(st.up, 0) + coalesce(st.down, 0) > 0 then t.both_read
        else t.alerts_read
      end as covered
    from mw
    join mon m on m.monitor_guid = mw.monitor_guid
    cross join default_target d
    left join names n on n.monitor_guid = mw.monitor_guid
    left join maint mt on mt.monitor_guid = mw.monitor_guid
    left join cov c on c.monitor_guid = mw.monitor_guid
    left join inc_mw im on im.window_index = mw.window_index and im.monitor_guid = mw.monitor_guid
    left join stat_mw st on st.window_index = mw.window_index and st.monitor_guid = mw.monitor_guid
    left join mon_sla fs on fs.window_index = mw.window_index and fs.monitor_guid = mw.monitor_guid and fs.rank = 1
    left join own_match om
      on om.window_index = mw.window_index and om.monitor_guid = mw.monitor_guid and om.desired = st.latest_sla_target
    left join any_match am on am.window_index = mw.window_index and am.desired = st.latest_sla_target
    cross join lateral (
      -- Most monitor-windows lie inside one read range and have no maintenance: their figures need
      -- no range arithmetic.
      select
        r.required,
        case when mt.ranges is null then r.required
             else uptrends.multirange_seconds(tstzmultirange(mw.live) - mt.ranges) end as monitored,
        case when mt.ranges is null then 0::double precision
             else uptrends.multirange_seconds(tstzmultirange(mw.live) * mt.ranges) end as maintenance,
        case when im.window_index is null then 0::double precision
             when mt.ranges is null then im.union_seconds
             else uptrends.multirange_seconds(coalesce(im.ranges, '{}') - mt.ranges) end as down,
        case when c.alerts_covered @> mw.live then r.required
             else uptrends.covered_seconds(c.alerts_covered, mw.live) end as alerts_read,
        case when c.statistics_covered @> mw.live then r.required
             else uptrends.covered_seconds(c.statistics_covered, mw.live) end as statistics_read,
        case when c.alerts_covered @> mw.live and c.statistics_covered @> mw.live then r.required
             else uptrends.covered_seconds(c.alerts_covered * c.statistics_covered, mw.live) end as both_read
      from (select extract(epoch from upper(mw.live) - lower(mw.live))::double precision as required) r
    ) t
  ),
  -- Uptime, state and status of a monitor, judged before its groups count who missed.
  mon_judged as materialized (
    select f.*, s.state, s.alerts_state, u.incident_uptime, u.statistics_uptime,
           case when f.has_statistics and u.statistics_uptime is not null then u.statistics_uptime
                else u.incident_uptime end as uptime,
           f.has_statistics as lead_statistics
    from mon_fig f
    cross join lateral (
      select uptrends.data_state(f.required, f.covered) as state,
             uptrends.data_state(f.required, f.alerts_read) as alerts_state
    ) s
    cross join lateral (
      select
        case when s.state <> 'no data' and f.monitored > 0 then 100.0 * (1 - f.down / f.monitored) end
          as incident_uptime,
        case when s.state <> 'no data' and f.stat_up + f.stat_down > 0
          then 100.0 * f.stat_up / (f.stat_up + f.stat_down) end as statistics_uptime
    ) u
  ),
  -- Group and account rows: the Production monitors in scope, time-weighted (seconds summed, then
  -- divided); incidents counted and durations pooled over the members.
  members as (
    select g.window_index, 'group'::text as grain, g.monitor_group_guid, g.name, g.is_all, g.monitor_guid
    from gmem g
    where p_groups is null or g.monitor_group_guid = any (p_groups)
    union all
    select m.window_index, 'account', null, 'All monitors in scope', null, m.monitor_guid
    from mw m
  ),
  set_fig as (
    select
      x.window_index, f.window_start, f.window_end, f.elapsed_end, x.grain, x.monitor_group_guid, x.name,
      x.is_all,
      count(*)::integer as members,
      sum(f.required) as required, sum(f.monitored) as monitored, sum(f.maintenance) as maintenance,
      sum(f.down) as down, sum(f.buckets)::integer as buckets, sum(f.stat_up) as stat_up,
      sum(f.stat_down) as stat_down, sum(f.checks)::bigint as checks,
      sum(f.confirmed_errors)::bigint as confirmed_errors,
      bool_and(f.has_statistics or f.monitored = 0) as every_member_has_statistics,
      sum(f.overlapping)::integer as overlapping, sum(f.started)::integer as started,
      sum(f.resolved)::integer as resolved, sum(f.open_at_end)::integer as open_at_end,
      sum(f.alerts)::integer as alerts,
      -- Pooled over the members: every incident resolved in the window, its full duration.
      sum(f.resolved_seconds) / nullif(sum(f.resolved), 0) as mttr, max(f.longest_ttr) as longest_ttr,
      sum(f.alerts_read) as alerts_read, sum(f.statistics_read) as statistics_read, sum(f.covered) as covered,
      (count(*) filter (
        where uptrends.sla_status(f.uptime, f.desired, f.error, f.state) = 'Missed'
      ))::integer as members_missed,
      (count(*) filter (where f.started > 0 or f.open_at_end > 0))::integer as members_affected
    from members x
    join mon_judged f on f.window_index = x.window_index and f.monitor_guid = x.monitor_guid and f.production
    group by x.window_index, f.window_start, f.window_end, f.elapsed_end, x.grain, x.monitor_group_guid, x.name, x.is_all
  ),
  -- The median needs every member's durations side by side: only when asked for (p_medians).
  set_median as (
    select x.window_index, x.grain, x.monitor_group_guid,
           percentile_cont(0.5) within group (order by d.duration_seconds) as median_ttr
    from members x
    join mon_judged f on f.window_index = x.window_index and f.monitor_guid = x.monitor_guid and f.production
    join inc_mw i on i.window_index = x.window_index and i.monitor_guid = x.monitor_guid
    cross join lateral unnest(i.resolved_durations) d (duration_seconds)
    where p_medians
    group by x.window_index, x.grain, x.monitor_group_guid
  ),
  set_judged as (
    select
      s.window_index, s.window_start, s.window_end, s.elapsed_end, s.grain, null::uuid as monitor_guid,
      s.monitor_group_guid, s.name, s.is_all, null::text as monitor_type, null::integer as check_interval_seconds,
      null::boolean as production, null::text as group_names, s.members,
      s.required, s.monitored, s.maintenance, s.down, s.buckets, s.stat_up, s.stat_down, s.checks,
      s.confirmed_errors, s.stat_up + s.stat_down > 0 as has_statistics, tg.desired, tg.error, tg.source,
      tg.sla_name, s.overlapping, s.started, s.resolved, s.open_at_end, s.alerts, s.mttr, t.median_ttr,
      s.longest_ttr, s.members_missed, s.members_affected, s.alerts_read, s.statistics_read, s.covered, st.state, st.alerts_state,
      u.incident_uptime, u.statistics_uptime,
      -- The statistics figure leads only when every member with monitored time has statistics.
      case when s.every_member_has_statistics and u.statistics_uptime is not null then u.statistics_uptime
           else u.incident_uptime end as uptime,
      s.every_member_has_statistics and s.stat_up + s.stat_down > 0 as lead_statistics
    from set_fig s
    cross join default_target d
    left join group_sla gs
      on s.grain = 'group' and gs.window_index = s.window_index and gs.monitor_group_guid = s.monitor_group_guid
    left join set_median t
      on t.window_index = s.window_index and t.grain = s.grain
      and t.monitor_group_guid is not distinct from s.monitor_group_guid
    cross join lateral (
      -- A group is held to its SLA definition, else to the default; the account to the default.
      select
        case when p_override or gs.desired is null then d.desired else gs.desired end as desired,
        case when p_override or gs.desired is null then d.error else gs.error end as error,
        case when p_override or gs.desired is null then d.source else 'Group SLA' end as source,
        case when p_override then null else gs.description end as sla_name
    ) tg
    cross join lateral (
      select uptrends.data_state(s.required, s.covered) as state,
             uptrends.data_state(s.required, s.alerts_read) as alerts_state
    ) st
    cross join lateral (
      select
        case when st.state <> 'no data' and s.monitored > 0 then 100.0 * (1 - s.down / s.monitored) end
          as incident_uptime,
        case when st.state <> 'no data' and s.stat_up + s.stat_down > 0
          then 100.0 * s.stat_up / (s.stat_up + s.stat_down) end as statistics_uptime
    ) u
  ),
  final as (
    select
      f.window_index, f.window_start, f.window_end, f.elapsed_end, 'monitor'::text as grain, f.monitor_guid,
      null::uuid as monitor_group_guid, f.name, null::boolean as is_all, f.monitor_type,
      f.check_interval_seconds, f.production, f.group_names, 1 as members,
      f.required, f.monitored, f.maintenance, f.down, f.buckets, f.stat_up, f.stat_down, f.checks,
      f.confirmed_errors, f.has_statistics, f.desired, f.error, f.source, f.sla_name, f.overlapping,
      f.started, f.resolved, f.open_at_end, f.alerts, f.mttr, f.median_ttr, f.longest_ttr,
      null::integer as members_missed, null::integer as members_affected, f.alerts_read, f.statistics_read, f.covered, f.state,
      f.alerts_state, f.incident_uptime, f.statistics_uptime, f.uptime, f.lead_statistics
    from mon_judged f
    union all
    select * from set_judged
  )
  select
    f.window_index, f.window_start, f.window_end, f.elapsed_end, f.grain, f.monitor_guid,
    f.monitor_group_guid, f.name, f.is_all, f.monitor_type, f.check_interval_seconds, f.production,
    f.group_names, f.members, f.required, f.monitored, f.maintenance, f.down,
    -- Downtime as one figure: the share of monitored time that was down, times the elapsed period.
    case when f.state <> 'no data' and f.monitored > 0
      then f.down / f.monitored * extract(epoch from f.elapsed_end - f.window_start) end,
    f.buckets, f.stat_up, f.stat_down, f.checks, f.confirmed_errors, f.has_statistics,
    f.incident_uptime, f.statistics_uptime, f.uptime,
    case
      when f.uptime is null then null
      when f.lead_statistics and f.statistics_uptime is not null then 'statistics'
      else 'incidents'
    end,
    f.desired, f.error, f.source, f.sla_name,
    uptrends.sla_status(f.uptime, f.desired, f.error, f.state),
    (1 - f.desired / 100) * f.monitored,
    case when (1 - f.desired / 100) * f.monitored > 0 then f.down / ((1 - f.desired / 100) * f.monitored) end,
    -- Past 100 % of the budget, the downtime beyond it: what a manager reads ("12:30 over budget");
    -- 0 within the budget, null where budget_used is (no budget).
    case when (1 - f.desired / 100) * f.monitored > 0
      then greatest(f.down - (1 - f.desired / 100) * f.monitored, 0) end,
    f.overlapping, f.started, f.resolved, f.open_at_end, f.alerts,
    f.mttr, f.median_ttr, f.longest_ttr,
    case when f.started > 0 then f.monitored / f.started end,
    f.members_missed, f.members_affected, f.alerts_read, f.statistics_read, f.covered,
    case when f.required > 0 then least(1.0::double precision, f.covered / f.required) end,
    case when f.required > 0 then least(1.0::double precision, f.alerts_read / f.required) end,
    f.state, f.alerts_state,
    p.uptime,
    case when p.required > 0 then least(1.0::double precision, p.covered / p.required) end,
    p.state,
    -- A change is drawn only between two complete figures.
    case when f.state = 'complete' and p.state = 'complete' then f.uptime - p.uptime end
  from final f
  left join final p
    on p.window_index = p_compare_to[f.window_index]
    and p.grain = f.grain
    and p.monitor_guid is not distinct from f.monitor_guid
    and p.monitor_group_guid is not distinct from f.monitor_group_guid
$$;

comment on function uptrends.figures(text, tstzrange[], timestamptz, uuid[], uuid[], double precision, double precision, boolean, integer[], boolean) is
  'Every SLA and incident figure of the reports, for each window of p_windows (UTC [start, end), counted up to p_as_of): one row per monitor that existed in it (grain monitor), per monitor group with Production members in scope (grain group) and for the account (grain account: the Production monitors in scope). p_monitors limits the monitors (null: all), p_groups the group rows (null: all). Targets: the statistics'' SlaTarget, else the monitor''s group SLA, else p_default_target (p_override: the default for all). p_compare_to[i] is the window row i is compared with (previous_*, change_pp). Definitions: docs/reports.md. Example: select name, uptime_percentage, status, data_state from uptrends.figures(''123456'', array[tstzrange(''2025-10-01 00:00+02'', ''2025-11-01 00:00+01'')]) where grain = ''group''.';
