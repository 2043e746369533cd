-- uptrends.maintenance_figures: each concrete maintenance interval that touches a period, with how
-- much of it lay in the period, how much was excluded from monitored time (DisableMonitoring while
-- the monitor existed) and how much incident time fell inside it: planned work beside, never
-- inside, the downtime.
create or replace function uptrends.maintenance_figures(
  p_account_id text,
  p_start timestamptz,
  p_end timestamptz,
  p_as_of timestamptz default now(),
  p_monitors uuid[] default null
)
returns table (
  monitor_guid uuid,
  monitor_name text,
  production boolean,
  maintenance_type text,
  start_at timestamptz,
  end_at timestamptz,
  in_period_seconds double precision,
  excluded_seconds double precision,
  incident_seconds double precision
)
language sql
stable
as $$
  with
  w as (
    select p_start as s, greatest(p_start, least(p_end, p_as_of)) as e
  ),
  zone as (
    select a.iana_zone from uptrends.account a where a.account_id = p_account_id
  ),
  mon as (
    select
      m.monitor_guid,
      coalesce(m.name, m.monitor_guid::text) as name,
      uptrends.monitor_is_production(m) as production,
      tstzrange(
        uptrends.monitor_life_start(m),
        greatest(
          uptrends.monitor_life_start(m),
          uptrends.monitor_life_end(m)
        )
      ) as life
    from uptrends.monitor m
    where m.account_id = p_account_id and (p_monitors is null or m.monitor_guid = any (p_monitors))
  ),
  intervals as (
    select mi.*
    from w cross join zone z
    cross join lateral uptrends.maintenance_interval(
      p_account_id, (w.s at time zone z.iana_zone)::date, ((w.e - interval '1 microsecond') at time zone z.iana_zone)::date
    ) mi
    where w.s < w.e
  ),
  down as (
    -- The monitor's incidents within the period, as one set (overlaps once).
    select i.monitor_guid, range_agg(tstzrange(i.started_at, coalesce(i.ended_at, 'infinity')) * tstzrange(w.s, w.e)) as ranges
    from uptrends.incident i
    cross join w
    where i.account_id = p_account_id
      and i.monitor_guid in (select x.monitor_guid from intervals x)
      and i.started_at < w.e and (i.ended_at is null or i.ended_at > w.s)
    group by i.monitor_guid
  )
  select
    x.monitor_guid,
    m.name,
    m.production,
    x.maintenance_type,
    x.start_at,
    x.end_at,
    extract(epoch from upper(c.clipped) - lower(c.clipped))::double precision,
    case when x.maintenance_type = 'DisableMonitoring'
      then coalesce(extract(epoch from upper(c.clipped * m.life) - lower(c.clipped * m.life)), 0)::double precision
      else 0::double precision end,
    coalesce(uptrends.covered_seconds(d.ranges, c.clipped), 0)
  from intervals x
  cross join w
  join mon m on m.monitor_guid = x.monitor_guid
  left join down d on d.monitor_guid = x.monitor_guid
  cross join lateral (select tstzrange(x.start_at, x.end_at) * tstzrange(w.s, w.e) as clipped) c
  where not isempty(c.clipped)
    -- Only the monitors that lived in the period.
    and m.life && tstzrange(w.s, w.e)
$$;

comment on function uptrends.maintenance_figures(text, timestamptz, timestamptz, timestamptz, uuid[]) is
  'Each concrete maintenance interval (uptrends.maintenance_interval) that touches [p_start, p_end) (up to p_as_of), of the monitors that lived in it: the seconds inside the period, the seconds excluded from monitored time (DisableMonitoring while the monitor existed; DisableNotifications excludes nothing) and the incident seconds inside it. Example: select * from uptrends.maintenance_figures(''123456'', ''2025-10-01 00:00+02'', ''2025-11-01 00:00+01'').';
