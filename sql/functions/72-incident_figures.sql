-- uptrends.incident_figures: one row per incident that touches a period, with the figures the
-- incident report shows for it. The same rules as uptrends.figures: an incident is ongoing when it
-- is open at the period's end (or at p_as_of); its downtime in the period is the part inside the
-- period and the monitor's life, less DisableMonitoring maintenance, which it reports apart.
create or replace function uptrends.incident_figures(
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
  group_names text,
  incident_key text,
  started_at timestamptz,
  ended_at timestamptz,
  ongoing_at_end boolean,
  duration_seconds double precision,
  downtime_in_period_seconds double precision,
  maintenance_excused_seconds double precision,
  alert_count integer,
  reminder_count integer,
  first_error_description text,
  first_error_check_id bigint,
  last_check_id bigint
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
      uptrends.monitor_life_start(m) as life_start,
      uptrends.monitor_life_end(m) as life_end
    from uptrends.monitor m
    where m.account_id = p_account_id and (p_monitors is null or m.monitor_guid = any (p_monitors))
  ),
  maint as (
    select mi.monitor_guid, range_agg(tstzrange(mi.start_at, mi.end_at)) as ranges
    from w cross join zone z
    cross join lateral uptrends.maintenance_interval(
      p_account_id, (w.s at time zone z.iana_zone)::date, ((w.e - interval '1 microsecond') at time zone z.iana_zone)::date
    ) mi
    where w.s < w.e and mi.maintenance_type = 'DisableMonitoring'
    group by mi.monitor_guid
  ),
  names as (
    select gm.monitor_guid,
           coalesce(
             string_agg(g.description, ', ' order by g.description collate "C") filter (where not g.is_all),
             string_agg(g.description, ', ' order by g.description collate "C")
           ) as group_names
    from uptrends.monitor_group_member gm
    join uptrends.monitor_group g on g.monitor_group_guid = gm.monitor_group_guid
    cross join w
    where gm.account_id = p_account_id
      and (gm.deleted_at is null or gm.deleted_at > w.s)
      and (g.deleted_at is null or g.deleted_at > w.s)
    group by gm.monitor_guid
  )
  select
    i.monitor_guid,
    m.name,
    m.production,
    n.group_names,
    i.incident_key,
    i.started_at,
    i.ended_at,
    i.ended_at is null or i.ended_at >= w.e,
    greatest(0, extract(epoch from coalesce(i.ended_at, w.e) - i.started_at))::double precision,
    case when p.part is null then 0::double precision
         when mt.ranges is null then extract(epoch from upper(p.part) - lower(p.part))::double precision
         else uptrends.multirange_seconds(tstzmultirange(p.part) - mt.ranges) end,
    case when p.part is null or mt.ranges is null then 0::double precision
         else uptrends.multirange_seconds(tstzmultirange(p.part) * mt.ranges) end,
    i.alert_count,
    i.reminder_count,
    i.first_error_description,
    i.first_error_monitor_check_id,
    i.last_monitor_check_id
  from uptrends.incident i
  cross join w
  join mon m on m.monitor_guid = i.monitor_guid
  left join maint mt on mt.monitor_guid = i.monitor_guid
  left join names n on n.monitor_guid = i.monitor_guid
  cross join lateral (
    -- The part of the incident inside the period and the monitor's life (an ongoing one runs on).
    select nullif(
      tstzrange(i.started_at, coalesce(i.ended_at, 'infinity'))
        * tstzrange(w.s, w.e) * tstzrange(m.life_start, m.life_end),
      'empty'::tstzrange
    ) as part
  ) p
  where i.account_id = p_account_id
    and w.s < w.e
    -- The monitors that lived in the period, as in uptrends.figures.
    and m.life_start < w.e and m.life_end > w.s
    and i.started_at < w.e
    and (i.ended_at is null or i.ended_at > w.s or i.started_at >= w.s)
$$;

comment on function uptrends.incident_figures(text, timestamptz, timestamptz, timestamptz, uuid[]) is
  'Every incident that touches [p_start, p_end) (counted up to p_as_of), with its full duration (an ongoing one up to the period end or p_as_of), whether it is open at the period''s end (ongoing_at_end, the same rule as uptrends.figures), its downtime inside the period and the monitor''s life less DisableMonitoring maintenance, and the maintenance that excused part of it. p_monitors limits the monitors (null: all). Example: select monitor_name, started_at, downtime_in_period_seconds from uptrends.incident_figures(''123456'', ''2025-10-01 00:00+02'', ''2025-11-01 00:00+01'') order by started_at.';
