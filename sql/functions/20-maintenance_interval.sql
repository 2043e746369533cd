-- uptrends.maintenance_interval: maintenance expanded to concrete intervals. Re-applied by `migrate`.
create or replace function uptrends.maintenance_interval(p_account_id text, p_from date, p_to date)
returns table (
  monitor_guid uuid,
  maintenance_period_id integer,
  maintenance_type text,
  start_at timestamptz,
  end_at timestamptz
)
language sql
stable
as $$
  with bounds as (
    select
      a.iana_zone as zone,
      uptrends.local_to_utc(p_from::timestamp, a.iana_zone) as range_start,
      uptrends.local_to_utc((p_to + 1)::timestamp, a.iana_zone) as range_end
    from uptrends.account a
    where a.account_id = p_account_id
  ),
  periods as (
    select mp.*
    from uptrends.maintenance_period mp
    where mp.account_id = p_account_id and mp.deleted_at is null
  ),
  one_time as (
    select p.monitor_guid, p.maintenance_period_id, p.maintenance_type, p.start_at, p.end_at
    from periods p
    where p.schedule_mode = 'OneTime' and p.start_at is not null and p.end_at is not null
  ),
  -- The day before the range too: a period starting late that day may run past midnight.
  days as (
    select d::date as day
    from generate_series((p_from - 1)::timestamp, p_to::timestamp, interval '1 day') as d
  ),
  recurring as (
    select
      p.monitor_guid,
      p.maintenance_period_id,
      p.maintenance_type,
      uptrends.local_to_utc(d.day + p.start_time, b.zone) as start_at,
      uptrends.local_to_utc(
        (d.day + p.end_time) + case when p.end_time <= p.start_time then interval '1 day' else interval '0 days' end,
        b.zone
      ) as end_at
    from periods p
    cross join days d
    cross join bounds b
    where p.start_time is not null
      and p.end_time is not null
      and (
        p.schedule_mode = 'Daily'
        or (
          p.schedule_mode = 'Weekly'
          and array_position(
            array['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']::text[],
            lower(p.week_day)
          ) - 1 = extract(dow from d.day)::integer
        )
        -- A MonthDay the month does not have (31 in April) matches no day: that month is skipped.
        or (p.schedule_mode = 'Monthly' and extract(day from d.day)::integer = p.month_day::integer)
      )
  ),
  expanded as (
    select * from one_time
    union all
    select * from recurring
  )
  select
    e.monitor_guid,
    e.maintenance_period_id,
    e.maintenance_type,
    greatest(e.start_at, b.range_start) as start_at,
    least(e.end_at, b.range_end) as end_at
  from expanded e
  cross join bounds b
  where greatest(e.start_at, b.range_start) < least(e.end_at, b.range_end)
  order by e.monitor_guid, start_at, e.maintenance_period_id
$$;

comment on function uptrends.maintenance_interval(text, date, date) is
  'Concrete maintenance intervals of an account''s monitors for the account-local dates p_from..p_to (both inclusive): one-time periods as stored, Daily/Weekly/Monthly periods expanded per local day in account.iana_zone (end_time <= start_time ends the next day; a month without month_day is skipped), clipped to [p_from 00:00, p_to + 1 00:00) local, empty intervals dropped. Soft-deleted periods are ignored. Example: select * from uptrends.maintenance_interval(''123456'', date ''2025-03-01'', date ''2025-03-31'') where maintenance_type = ''DisableMonitoring''.';
