-- uptrends.sla_figures: the figures of Uptrends' SLA overview, for EVERY SLA definition of the
-- account and every monitor (Uptrends computes each definition for each monitor; nothing links a
-- monitor to "its" SLA), one monitor group and the account (docs/reports.md, "SLA overview").
-- For each window [start, end), each definition and each monitor:
--   * required = the window within the monitor's life, up to p_as_of (as uptrends.figures);
--   * excluded = the definition's exclusion periods within it (From/Until are account-local and
--     stored as UTC instants, so an exclusion across a DST change is as long as the clock says);
--     monitored = required minus DisableMonitoring maintenance minus the exclusions, each second
--     taken out once where they overlap;
--   * the SLA uptime comes from the Statistics API (the service's own downtime, which counts every
--     confirmed error whether or not it raised an alert), each local day from its finest complete
--     cover (uptrends.statistics_cover): a bucket inside an exclusion is left out, one outside it
--     counts whole. A bucket an exclusion cuts (split_buckets; a daily bucket, as the stream reads
--     them) is cut to the second from the service's own incidents (docs/reports.md, "SLA
--     overview"): in its monitored time (its seconds within the life, outside DisableMonitoring
--     maintenance), the excluded seconds E are the part inside the exclusion, the downtime inside
--     the exclusion is the incidents' seconds there (at most the bucket's downtime) plus, of the
--     bucket's downtime no incident explains (confirmed errors that raised no alert), the share of
--     its incident-free time inside the exclusion; the uptime inside it is E minus that downtime.
--     Checks and the load-time weights follow the monitored time kept, confirmed errors and the
--     alerts behind the response time follow the downtime kept;
--   * the incident figure beside it: the union of the incidents within monitored time;
--   * average load time (statistics TotalTime, seconds, weighted by checks) against the
--     definition's LoadTimeErrorThreshold (milliseconds, shown in seconds); operator response time
--     (statistics OperatorResponseTime, minutes, weighted by alerts) against
--     OperatorReponseTimeThreshold (minutes); null where no bucket carries them (never 0);
--   * a Staging or Development monitor counts as Uptrends counts it: 100 % uptime, no downtime and
--     no confirmed errors (KB "The effects of Staging mode"), and in no group or account row;
--   * status: 'met' at or above the warning (desired) threshold, 'warning' down to the error
--     threshold, 'error' below it; judged only over complete data (null otherwise).
-- Group and account rows are time-weighted over their Production members (seconds summed, then
-- divided; averages weighted by checks and alerts).
create or replace function uptrends.sla_figures(
  p_account_id text,
  p_windows tstzrange[],
  p_as_of timestamptz default now(),
  p_slas uuid[] default null,
  p_monitors uuid[] default null,
  p_groups uuid[] default null
)
returns table (
  window_index integer,
  window_start timestamptz,
  window_end timestamptz,
  elapsed_end timestamptz,
  sla_guid uuid,
  sla_name text,
  grain text,
  monitor_guid uuid,
  monitor_group_guid uuid,
  name text,
  is_all boolean,
  production boolean,
  members integer,
  uptime_warning_threshold double precision,
  uptime_error_threshold double precision,
  total_time_threshold double precision,
  operator_response_time_threshold double precision,
  exclusion_periods integer,
  required_seconds double precision,
  excluded_seconds double precision,
  maintenance_seconds double precision,
  monitored_seconds double precision,
  statistics_buckets integer,
  split_buckets integer,
  statistics_uptime_seconds double precision,
  downtime_seconds double precision,
  downtime_percentage double precision,
  sla_uptime_percentage double precision,
  status text,
  incident_downtime_seconds double precision,
  incident_uptime_percentage double precision,
  checks bigint,
  confirmed_errors bigint,
  average_total_time double precision,
  total_time_status text,
  operator_response_time double precision,
  operator_response_status text,
  statistics_read_seconds double precision,
  alerts_read_seconds double precision,
  coverage double precision,
  data_state text
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
      uptrends.monitor_is_production(m) as production,
      uptrends.monitor_life_start(m) as life_start,
      uptrends.monitor_life_end(m) as life_end
    from uptrends.monitor m
    where m.account_id = p_account_id
      and (p_monitors is null or m.monitor_guid = any (p_monitors))
  ),
  mw as materialized (
    select
      w.window_index, w.window_start, w.window_end, w.elapsed_end,
      m.monitor_guid, m.life_start, m.life_end,
      tstzrange(greatest(w.window_start, m.life_start), least(w.elapsed_end, m.life_end)) as live
    from win w
    join mon m on m.life_start < w.elapsed_end and m.life_end > w.window_start
    where w.window_start < w.elapsed_end
  ),
  -- Every definition that existed in the window, with its exclusion periods as one multirange.
  sla_w as materialized (
    select
      w.window_index, s.sla_guid, coalesce(s.description, s.sla_guid::text) as sla_name,
      s.uptime_warning_threshold as desired,
      least(s.uptime_error_threshold, s.uptime_warning_threshold) as error,
      -- LoadTimeErrorThreshold is milliseconds (as the monitors' load time limits): in seconds,
      -- the unit of the statistics' TotalTime. 0 or less sets no target.
      case when s.load_time_error_threshold > 0 then s.load_time_error_threshold / 1000.0 end as total_time_threshold,
      case when s.operator_response_time_threshold > 0 then s.operator_response_time_threshold end
        as response_threshold,
      coalesce(
        (
          select range_agg(tstzrange(e.from_at, e.until_at))
          from uptrends.sla_exclusion_period e
          where e.account_id = p_account_id and e.sla_guid = s.sla_guid and e.deleted_at is null
            and e.from_at < e.until_at
        ),
        '{}'::tstzmultirange
      ) as excl,
      (
        select count(*)::integer
        from uptrends.sla_exclusion_period e
        where e.account_id = p_account_id and e.sla_guid = s.sla_guid and e.deleted_at is null
          and e.from_at < w.elapsed_end and e.until_at > w.window_start
      ) as exclusion_periods
    from win w
    join uptrends.sla s
      on s.account_id = p_account_id
      and (s.deleted_at is null or s.deleted_at > w.window_start)
      and (p_slas is null or s.sla_guid = any (p_slas))
    where w.window_start < w.elapsed_end
  ),
  maint as materialized (
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
  -- The union of each monitor's incidents within its life in the window (an ongoing one runs on).
  inc as materialized (
    select mw.window_index, mw.monitor_guid,
           range_agg(tstzrange(i.started_at, coalesce(i.ended_at, 'infinity'::timestamptz)) * mw.live) as ranges
    from mw
    join uptrends.incident i
      on i.account_id = p_account_id and i.monitor_guid = mw.monitor_guid
      and i.started_at < upper(mw.live) and coalesce(i.ended_at, 'infinity'::timestamptz) > lower(mw.live)
    where not isempty(mw.live)
    group by mw.window_index, mw.monitor_guid
  ),
  stat_range as (
    select (select array_agg(m.monitor_guid) from mon m) as guids,
           (select min(w.window_start) from win w where w.window_start < w.elapsed_end) as s,
           (select max(w.elapsed_end) from win w where w.window_start < w.elapsed_end) as e
  ),
  -- The buckets of each monitor and window, each local day from its finest complete cover, with
  -- the response-time fields statistics_cover does not carry.
  bucket as materialized (
    select
      w.window_index, c.monitor_guid, c.bucket_start_at, c.bucket_end_at, m.life_start, m.life_end,
      c.uptime_seconds::double precision as up, c.downtime_seconds::double precision as down,
      coalesce(c.checks, 0)::double precision as checks,
      coalesce(c.confirmed_errors, 0)::double precision as confirmed_errors,
      coalesce(c.alerts, 0)::double precision as alerts,
      ms.total_time, ms.operator_response_time
    from stat_range r
    cross join lateral uptrends.statistics_cover(r.guids, r.s, r.e) c
    join mon m on m.monitor_guid = c.monitor_guid
      and c.bucket_end_at > m.life_start and c.bucket_start_at < m.life_end
    join win w on c.bucket_start_at >= w.window_start and c.bucket_start_at < w.elapsed_end
    join uptrends.monitor_statistics ms
      on ms.monitor_guid = c.monitor_guid and ms.bucket_start_at = c.bucket_start_at
      and ms.bucket_end_at = c.bucket_end_at
    where r.s is not null
  ),
  -- Each monitor's incidents as one multirange, unclipped: they place the downtime inside a
  -- bucket an exclusion cuts.
  inc_all as materialized (
    select i.monitor_guid, range_agg(tstzrange(i.started_at, coalesce(i.ended_at, 'infinity'::timestamptz))) as ranges
    from stat_range r
    join uptrends.incident i
      on i.account_id = p_account_id and i.monitor_guid = any (r.guids)
      and i.started_at < r.e + interval '2 days' and coalesce(i.ended_at, 'infinity'::timestamptz) > r.s - interval '2 days'
    where r.s is not null
    group by i.monitor_guid
  ),
  -- Each bucket against each definition: whole (no exclusion touches it), out (one holds it) or
  -- cut; a cut bucket's part outside the exclusions to the second (see the head of this file).
  bucket_sla as (
    select
      b.window_index, b.monitor_guid, s.sla_guid, k.kind, b.checks, b.confirmed_errors, b.alerts,
      b.total_time, b.operator_response_time,
      case k.kind when 'whole' then b.up when 'out' then 0 else c.up end as up,
      case k.kind when 'whole' then b.down when 'out' then 0 else c.down end as down,
      case k.kind when 'whole' then 1 when 'out' then 0 else c.time_keep end as time_keep,
      case k.kind when 'whole' then 1 when 'out' then 0 else c.down_keep end as down_keep
    from bucket b
    join sla_w s on s.window_index = b.window_index
    -- Joined, not looked up per bucket: a lookup in a CTE scans it, once per cut bucket.
    left join maint bm on bm.monitor_guid = b.monitor_guid
    left join inc_all bi on bi.monitor_guid = b.monitor_guid
    cross join lateral (select tstzrange(b.bucket_start_at, b.bucket_end_at) as br) r
    cross join lateral (
      select case when not (s.excl && r.br) then 'whole' when s.excl @> r.br then 'out' else 'cut' end as kind
    ) k
    left join lateral (
      select
        g.monitored, g.excluded,
        kept.up, kept.down,
        case when g.monitored > 0 then (g.monitored - g.excluded) / g.monitored
             else 1 - uptrends.multirange_seconds(s.excl * tstzmultirange(r.br))
               / extract(epoch from b.bucket_end_at - b.bucket_start_at)::double precision end as time_keep,
        case when b.down > 0 then kept.down / b.down
             when g.monitored > 0 then (g.monitored - g.excluded) / g.monitored else 0 end as down_keep
      from (
        -- The bucket's monitored time: within the life, outside DisableMonitoring maintenance.
        select tstzmultirange(r.br) * tstzmultirange(tstzrange(b.life_start, b.life_end))
                 - coalesce(bm.ranges, '{}') as mb,
               coalesce(bi.ranges, '{}') as inc
        where k.kind = 'cut'
        -- A fence: without it the planner pulls this row up into the join, and computes the
        -- multiranges below (0.4 ms each) for every bucket, then drops all but the cut ones.
        offset 0
      ) m
      cross join lateral (
        select
          uptrends.multirange_seconds(m.mb) as monitored,
          uptrends.multirange_seconds(m.mb * s.excl) as excluded,
          uptrends.multirange_seconds(m.mb * m.inc) as inc_in,
          uptrends.multirange_seconds(m.mb * s.excl * m.inc) as inc_excluded
      ) g
      cross join lateral (
        -- Downtime inside the exclusion: the incidents' seconds there, and the unexplained
        -- downtime's share of the incident-free time there.
        select least(
          b.down,
          least(b.down, g.inc_excluded)
            + greatest(0, b.down - g.inc_in)
              * case when g.monitored - g.inc_in > 0
                     then greatest(0, g.excluded - g.inc_excluded) / (g.monitored - g.inc_in) else 0 end
        ) as down_excluded
      ) d
      cross join lateral (
        select b.down - d.down_excluded as down,
               greatest(0, b.up - greatest(0, g.excluded - d.down_excluded)) as up
      ) kept
    ) c on true
  ),
  stat_sla as (
    select
      x.window_index, x.monitor_guid, x.sla_guid,
      count(*) filter (where x.time_keep > 0 or x.up + x.down > 0)::integer as buckets,
      count(*) filter (where x.kind = 'cut' and (x.time_keep > 0 or x.up + x.down > 0))::integer as split,
      coalesce(sum(x.up), 0) as up,
      coalesce(sum(x.down), 0) as down,
      coalesce(sum(x.checks * x.time_keep), 0) as checks,
      coalesce(sum(x.confirmed_errors * x.down_keep), 0) as confirmed_errors,
      sum(x.total_time * x.checks * x.time_keep) filter (where x.total_time is not null and x.checks > 0) as total_time_sum,
      sum(x.checks * x.time_keep) filter (where x.total_time is not null and x.checks > 0) as total_time_checks,
      sum(x.operator_response_time * x.alerts * x.down_keep)
        filter (where x.operator_response_time is not null and x.alerts > 0) as response_sum,
      sum(x.alerts * x.down_keep) filter (where x.operator_response_time is not null and x.alerts > 0) as response_alerts
    from bucket_sla x
    group by x.window_index, x.monitor_guid, x.sla_guid
  ),
  mon_fig as materialized (
    select
      mw.window_index, mw.window_start, mw.window_end, mw.elapsed_end, s.sla_guid, s.sla_name,
      mw.monitor_guid, m.name, m.production,
      s.desired, s.error, s.total_time_threshold, s.response_threshold, s.exclusion_periods,
      t.required, t.excluded, t.maintenance, t.monitored, t.incident_down,
      coalesce(st.buckets, 0) as buckets, coalesce(st.split, 0) as split,
      coalesce(st.up, 0) as up, coalesce(st.down, 0) as down,
      coalesce(st.checks, 0) as checks, coalesce(st.confirmed_errors, 0) as confirmed_errors,
      st.total_time_sum, st.total_time_checks, st.response_sum, st.response_alerts,
      t.statistics_read, t.alerts_read
    from mw
    join mon m on m.monitor_guid = mw.monitor_guid
    join sla_w s on s.window_index = mw.window_index
    left join maint mt on mt.monitor_guid = mw.monitor_guid
    left join cov c on c.monitor_guid = mw.monitor_guid
    left join inc i on i.window_index = mw.window_index and i.monitor_guid = mw.monitor_guid
    left join stat_sla st
      on st.window_index = mw.window_index and st.monitor_guid = mw.monitor_guid and st.sla_guid = s.sla_guid
    cross join lateral (
      select
        extract(epoch from upper(mw.live) - lower(mw.live))::double precision as required,
        uptrends.multirange_seconds(tstzmultirange(mw.live) * s.excl) as excluded,
        uptrends.multirange_seconds(tstzmultirange(mw.live) * coalesce(mt.ranges, '{}')) as maintenance,
        uptrends.multirange_seconds(tstzmultirange(mw.live) - coalesce(mt.ranges, '{}') - s.excl) as monitored,
        uptrends.multirange_seconds(coalesce(i.ranges, '{}') - coalesce(mt.ranges, '{}') - s.excl) as incident_down,
        uptrends.covered_seconds(coalesce(c.statistics_covered, '{}'), mw.live) as statistics_read,
        uptrends.covered_seconds(coalesce(c.alerts_covered, '{}'), mw.live) as alerts_read
    ) t
  ),
  mon_judged as (
    select
      f.*,
      uptrends.data_state(f.required, f.statistics_read) as state,
      -- Staging and Development: 100 % uptime, no downtime, no confirmed errors (Uptrends' rule).
      case when f.production then f.down else 0 end as sla_down,
      case when f.production then f.incident_down else 0 end as inc_down,
      case when f.production then f.confirmed_errors else 0 end as sla_confirmed
    from mon_fig f
  ),
  members as (
    select w.window_index, 'group'::text as grain, g.monitor_group_guid, coalesce(g.description, g.monitor_group_guid::text) as name,
           g.is_all, gm.monitor_guid
    from win w
    join uptrends.monitor_group_member gm
      on gm.account_id = p_account_id and (gm.deleted_at is null or gm.deleted_at > w.window_start)
    join uptrends.monitor_group g
      on g.monitor_group_guid = gm.monitor_group_guid and g.account_id = p_account_id
      and (g.deleted_at is null or g.deleted_at > w.window_start)
    where p_groups is null or g.monitor_group_guid = any (p_groups)
    union all
    select mw.window_index, 'account', null, 'All monitors in scope', null, mw.monitor_guid
    from mw
  ),
  rows_all as (
    select
      f.window_index, f.window_start, f.window_end, f.elapsed_end, f.sla_guid, f.sla_name, 'monitor'::text as grain,
      f.monitor_guid, null::uuid as monitor_group_guid, f.name, null::boolean as is_all, f.production, 1 as members,
      f.desired, f.error, f.total_time_threshold, f.response_threshold, f.exclusion_periods,
      f.required, f.excluded, f.maintenance, f.monitored, f.buckets, f.split,
      -- A staging monitor's time counts as up, as Uptrends reports it.
      case when f.production then f.up else f.up + f.down end as up,
      f.sla_down as down, f.inc_down, f.checks, f.sla_confirmed as confirmed_errors,
      f.total_time_sum, f.total_time_checks,
      case when f.production then f.response_sum end as response_sum,
      case when f.production then f.response_alerts end as response_alerts,
      f.statistics_read, f.alerts_read
    from mon_judged f
    union all
    select
      x.window_index, f.window_start, f.window_end, f.elapsed_end, f.sla_guid, f.sla_name, x.grain,
      null::uuid, x.monitor_group_guid, x.name, x.is_all, null::boolean, count(*)::integer,
      f.desired, f.error, f.total_time_threshold, f.response_threshold, f.exclusion_periods,
      sum(f.required), sum(f.excluded), sum(f.maintenance), sum(f.monitored), sum(f.buckets)::integer,
      sum(f.split)::integer, sum(f.up), sum(f.sla_down), sum(f.inc_down), sum(f.checks),
      sum(f.sla_confirmed), sum(f.total_time_sum), sum(f.total_time_checks), sum(f.response_sum),
      sum(f.response_alerts), sum(f.statistics_read), sum(f.alerts_read)
    from members x
    join mon_judged f on f.window_index = x.window_index and f.monitor_guid = x.monitor_guid and f.production
    group by x.window_index, f.window_start, f.window_end, f.elapsed_end, f.sla_guid, f.sla_name, x.grain,
             x.monitor_group_guid, x.name, x.is_all, f.desired, f.error, f.total_time_threshold,
             f.response_threshold, f.exclusion_periods
  )
  select
    r.window_index, r.window_start, r.window_end, r.elapsed_end, r.sla_guid, r.sla_name, r.grain,
    r.monitor_guid, r.monitor_group_guid, r.name, r.is_all, r.production, r.members,
    r.desired, r.error, r.total_time_threshold, r.response_threshold, r.exclusion_periods,
    r.required, r.excluded, r.maintenance, r.monitored, r.buckets, r.split,
    r.up, r.down,
    case when d.state <> 'no data' and r.up + r.down > 0 then 100.0 * r.down / (r.up + r.down) end,
    u.sla_uptime,
    case
      when d.state is distinct from 'complete' or u.sla_uptime is null or r.desired is null then null
      when u.sla_uptime + 1e-9 >= r.desired then 'met'
      when u.sla_uptime + 1e-9 >= coalesce(r.error, r.desired) then 'warning'
      else 'error'
    end,
    r.inc_down,
    case when d.state <> 'no data' and r.monitored > 0 then 100.0 * (1 - r.inc_down / r.monitored) end,
    round(r.checks)::bigint,
    round(r.confirmed_errors)::bigint,
    tt.average_total_time,
    case when tt.average_total_time is null or r.total_time_threshold is null then null
         when tt.average_total_time <= r.total_time_threshold then 'met' else 'error' end,
    rt.response_time,
    case when rt.response_time is null or r.response_threshold is null then null
         when rt.response_time <= r.response_threshold then 'met' else 'error' end,
    r.statistics_read, r.alerts_read,
    case when r.required > 0 then least(1.0::double precision, r.statistics_read / r.required) end,
    d.state
  from rows_all r
  cross join lateral (select uptrends.data_state(r.required, r.statistics_read) as state) d
  cross join lateral (
    select case when d.state <> 'no data' and r.up + r.down > 0 then 100.0 * r.up / (r.up + r.down) end as sla_uptime
  ) u
  cross join lateral (
    select case when r.total_time_checks > 0 then r.total_time_sum / r.total_time_checks end as average_total_time
  ) tt
  cross join lateral (
    select case when r.response_alerts > 0 then r.response_sum / r.response_alerts end as response_time
  ) rt
$$;

comment on function uptrends.sla_figures(text, tstzrange[], timestamptz, uuid[], uuid[], uuid[]) is
  'The figures of Uptrends'' SLA overview for every SLA definition (p_slas: null for all) and every monitor (p_monitors), monitor group (p_groups) and the account, for each window of p_windows (UTC [start, end), counted up to p_as_of): monitored time without the definition''s exclusion periods and DisableMonitoring maintenance (each second once), SLA uptime from the statistics outside the exclusions with the incident figure beside it, the uptime thresholds and status (met, warning, error), average load time and operator response time against their thresholds, confirmed errors, downtime and coverage. Definitions: docs/reports.md, "SLA overview". Example: select sla_name, name, sla_uptime_percentage, status from uptrends.sla_figures(''123456'', array[tstzrange(''2025-10-01 00:00+02'', ''2025-11-01 00:00+01'')]) where grain = ''monitor''.';
