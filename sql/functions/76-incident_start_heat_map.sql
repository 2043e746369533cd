-- When incidents start, in account-local time: shows whether outages cluster around deployments,
-- backups or business hours.
create or replace function uptrends.incident_start_heat_map(
  p_account_id text,
  p_start timestamptz,
  p_end timestamptz,
  p_as_of timestamptz default now(),
  p_monitors uuid[] default null
)
returns table (iso_weekday integer, local_hour integer, incidents integer)
language sql
stable
as $$
  select
    extract(isodow from i.started_at at time zone a.iana_zone)::integer as iso_weekday,
    extract(hour from i.started_at at time zone a.iana_zone)::integer as local_hour,
    count(*)::integer
  from uptrends.incident i
  join uptrends.account a on a.account_id = i.account_id
  join uptrends.monitor m on m.monitor_guid = i.monitor_guid
  where i.account_id = p_account_id
    and (p_monitors is null or i.monitor_guid = any (p_monitors))
    and i.started_at >= p_start
    and i.started_at < least(p_end, p_as_of)
  -- The weekday's total too, as the row whose local_hour is null.
  group by grouping sets ((1, 2), (1))
$$;

comment on function uptrends.incident_start_heat_map(text, timestamptz, timestamptz, timestamptz, uuid[]) is
  'Incidents started in [p_start, p_end) (up to p_as_of) per account-local ISO weekday (1 = Monday) and hour; only the cells with incidents, and each weekday''s total as a row whose local_hour is null. Example: select * from uptrends.incident_start_heat_map(''123456'', ''2025-10-01 00:00+02'', ''2025-11-01 00:00+01'') order by 1, 2.';
