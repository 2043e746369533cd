-- Uptime per Infra device over account-local days: the daily percentages of the Infra API weighted
-- by each day's length (23, 24 or 25 hours), over the days with data. The Infra API sends no
-- seconds, so a day's length is the weight.
create or replace function uptrends.infra_device_figures(p_account_id text, p_first_day date, p_last_day date)
returns table (
  device_id text,
  device_name text,
  days_reported integer,
  days_with_data integer,
  covered_seconds double precision,
  uptime_percentage double precision,
  downtime_seconds double precision
)
language sql
stable
as $$
  select
    u.device_id,
    coalesce(max(d.name), u.device_id),
    count(*)::integer,
    (count(*) filter (where u.has_data))::integer,
    coalesce(sum(l.day_seconds) filter (where u.has_data), 0)::double precision,
    sum(u.uptime_percentage::double precision * l.day_seconds) filter (where u.has_data)
      / nullif(sum(l.day_seconds) filter (where u.has_data), 0),
    sum((100 - u.uptime_percentage::double precision) / 100 * l.day_seconds) filter (where u.has_data)
  from uptrends.infra_device_uptime_daily u
  join uptrends.account a on a.account_id = u.account_id
  left join uptrends.infra_device d on d.account_id = u.account_id and d.device_id = u.device_id
  cross join lateral (
    select extract(epoch from
      uptrends.local_to_utc((u.day + 1)::timestamp, a.iana_zone) - uptrends.local_to_utc(u.day::timestamp, a.iana_zone)
    )::double precision as day_seconds
  ) l
  where u.account_id = p_account_id and u.day between p_first_day and p_last_day
  group by u.device_id
$$;

comment on function uptrends.infra_device_figures(text, date, date) is
  'Per Infra device, over the account-local days p_first_day..p_last_day: days reported, days with data, their length in seconds, the uptime weighted by day length over the days with data (null without any), and the downtime those percentages imply. Example: select * from uptrends.infra_device_figures(''123456'', date ''2025-10-01'', date ''2025-10-31'').';
