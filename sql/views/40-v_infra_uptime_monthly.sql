create or replace view uptrends.v_infra_uptime_monthly as
with day_length as (
  select distinct u.account_id, u.day,
    extract(epoch from
      uptrends.local_to_utc((u.day + 1)::timestamp, coalesce(a.iana_zone, 'UTC'))
      - uptrends.local_to_utc(u.day::timestamp, coalesce(a.iana_zone, 'UTC')))::double precision as day_seconds
  from uptrends.infra_device_uptime_daily u
  left join uptrends.account a on a.account_id = u.account_id
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
    sum((100 - u.uptime_percentage::double precision) / 100 * l.day_seconds) filter (where u.has_data) as downtime_seconds
  from uptrends.infra_device_uptime_daily u
  join day_length l on l.account_id = u.account_id and l.day = u.day
  left join uptrends.infra_device d on d.account_id = u.account_id and d.device_id = u.device_id
  group by u.account_id, u.device_id, d.name, date_trunc('month', u.day)
)
select
  m.*,
  -- The share of the month (until now) whose Infra uptime was read: days never read are not 100 %.
  uptrends.covered_seconds(c.covered, tstzrange(b.month_start_at, least(b.month_end_at, now())))
    / nullif(extract(epoch from least(b.month_end_at, now()) - b.month_start_at), 0) as coverage
from monthly m
left join uptrends.account a on a.account_id = m.account_id
cross join lateral (
  select
    uptrends.local_to_utc(m.month::timestamp, coalesce(a.iana_zone, 'UTC')) as month_start_at,
    uptrends.local_to_utc((m.month + interval '1 month')::timestamp, coalesce(a.iana_zone, 'UTC')) as month_end_at
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
comment on column uptrends.v_infra_uptime_monthly.coverage is 'Share (0 to 1) of the month, until now, whose Infra uptime was read (etl_coverage): below 1 days are missing and uptime_percentage covers only the days read; 0 is no data.';
