create or replace view uptrends.v_infra_uptime_monthly as
with day_length as (
  select d.account_id, d.day, d.day_start_at, d.day_end_at,
    extract(epoch from d.day_end_at - d.day_start_at)::double precision as day_seconds
  from (
    select distinct u.account_id, u.day,
      uptrends.local_to_utc(u.day::timestamp, coalesce(a.iana_zone, 'UTC')) as day_start_at,
      uptrends.local_to_utc((u.day + 1)::timestamp, coalesce(a.iana_zone, 'UTC')) as day_end_at
    from uptrends.infra_device_uptime_daily u
    left join uptrends.account a on a.account_id = u.account_id
  ) d
),
monthly as (
  select
    u.account_id,
    u.device_id,
    d.name as device_name,
    date_trunc('month', u.day)::date as month,
    count(*)::integer as days_reported,
    (count(*) filter (where u.has_data))::integer as days_with_data,
    coalesce(sum(l.day_seconds) filter (where u.has_data), 0)::double precision as covered_seconds,
    (sum(u.uptime_percentage::double precision * l.day_seconds) filter (where u.has_data)
      / nullif(sum(l.day_seconds) filter (where u.has_data), 0)) as uptime_percentage,
    sum((100 - u.uptime_percentage::double precision) / 100 * l.day_seconds) filter (where u.has_data) as downtime_seconds,
    -- The device's days with data as instants: a day read without data is no more covered than a
    -- day never read.
    coalesce(range_agg(tstzrange(l.day_start_at, l.day_end_at)) filter (where u.has_data), '{}'::tstzmultirange) as data_days
  from uptrends.infra_device_uptime_daily u
  join day_length l on l.account_id = u.account_id and l.day = u.day
  left join uptrends.infra_device d on d.account_id = u.account_id and d.device_id = u.device_id
  group by u.account_id, u.device_id, d.name, date_trunc('month', u.day)
)
select
  m.account_id,
  m.device_id,
  m.device_name,
  m.month,
  m.days_reported,
  m.days_with_data,
  m.covered_seconds,
  m.uptime_percentage,
  m.downtime_seconds,
  -- The share of the month (until now) read and holding data for the device: days never read and
  -- days read without data are not 100 %, and a device without a day of data is 0.
  uptrends.covered_seconds(coalesce(c.covered, '{}'::tstzmultirange) * m.data_days, tstzrange(b.month_start_at, b.elapsed_end_at))
    / nullif(extract(epoch from b.elapsed_end_at - b.month_start_at), 0) as coverage
from monthly m
left join uptrends.account a on a.account_id = m.account_id
cross join lateral (
  select
    uptrends.local_to_utc(m.month::timestamp, coalesce(a.iana_zone, 'UTC')) as month_start_at,
    uptrends.local_to_utc((m.month + interval '1 month')::timestamp, coalesce(a.iana_zone, 'UTC')) as month_end_at
) z
cross join lateral (
  select z.month_start_at, greatest(z.month_start_at, least(z.month_end_at, now())) as elapsed_end_at
) b
left join uptrends.etl_coverage c
  on c.account_id = m.account_id and c.stream = 'infra_device_uptime' and c.partition = '-';

comment on view uptrends.v_infra_uptime_monthly is
  'Monthly uptime per Infra device: the daily percentages weighted by the length of each account-local day (23, 24 or 25 hours), over the days with data. For the SLA workbook.';
comment on column uptrends.v_infra_uptime_monthly.account_id is 'Account of the device.';
comment on column uptrends.v_infra_uptime_monthly.device_id is 'Infra device id; joins infra_device.';
comment on column uptrends.v_infra_uptime_monthly.device_name is 'Device name from infra_device (null when the device was never listed by the tree walk).';
comment on column uptrends.v_infra_uptime_monthly.month is 'First day of the account-local calendar month.';
comment on column uptrends.v_infra_uptime_monthly.days_reported is 'Days of the month with a row in infra_device_uptime_daily.';
comment on column uptrends.v_infra_uptime_monthly.days_with_data is 'Of those, the days on which the device reported data (has_data).';
comment on column uptrends.v_infra_uptime_monthly.covered_seconds is 'Total length in seconds of the days with data (DST days count 23 or 25 hours).';
comment on column uptrends.v_infra_uptime_monthly.uptime_percentage is 'Time-weighted uptime in percent over the days with data: sum(uptime x day length) / sum(day length); null without any.';
comment on column uptrends.v_infra_uptime_monthly.downtime_seconds is 'Downtime in seconds implied by the daily percentages: sum((100 - uptime) / 100 x day length).';
comment on column uptrends.v_infra_uptime_monthly.coverage is 'Share (0 to 1) of the month, until now, whose Infra uptime was read (etl_coverage) and held data for the device (has_data): below 1 days are missing or without data and uptime_percentage covers only the days with data; 0 when no day of the month was read with data (uptime_percentage is then null); null for a month that has not begun.';
