-- Statistics at a known grain. The service picks bucket sizes from the requested period (hours for
-- a day, days for longer periods, months for very long ones; the rule is not documented), so a
-- bucket's size is data, stored with it. The statistics stream now asks in windows the service
-- answers with day-or-finer buckets; the views take each day from those only.

alter table uptrends.monitor_statistics add column grain text;

-- The same rule as src/transform/bucket-grain.ts: the smallest account-local calendar unit that
-- holds the bucket, from its wall clocks as sent; an hour is measured in real time (the spring
-- hour 01:00 -> 03:00 lasts one hour).
update uptrends.monitor_statistics
set grain = case
  when bucket_end_at - bucket_start_at <= interval '1 hour' then 'hour'
  when bucket_end_local <= date_trunc('day', bucket_start_local) + interval '1 day' then 'day'
  when bucket_end_local <= date_trunc('month', bucket_start_local) + interval '1 month' then 'month'
  else 'longer'
end;

alter table uptrends.monitor_statistics alter column grain set not null;
alter table uptrends.monitor_statistics
  add constraint monitor_statistics_grain_check check (grain in ('hour', 'day', 'month', 'longer'));

comment on column uptrends.monitor_statistics.grain is
  'Bucket size: the smallest account-local calendar unit holding the bucket: hour (at most an hour long), day (within one local day, 23 to 25 hours on DST days), month (within one local month) or longer. The views take a day from hour and day buckets only (v_monitor_statistics_daily); month and longer buckets, which the stream no longer stores, are kept but never summed.';

-- Coverage (000010) counted every statistics bucket as read. Time that only month (or longer)
-- buckets hold has no figure per day: it is not covered, so reports say so, and a re-sync of the
-- range (sync --from/--to --streams statistics) reads it at a daily grain.
update uptrends.etl_coverage c
set covered = c.covered - coarse.only_coarse
from (
  select
    s.account_id,
    s.monitor_guid::text as partition,
    range_agg(tstzrange(s.bucket_start_at, s.bucket_end_at, '[)')) filter (where s.grain in ('month', 'longer'))
      - coalesce(
        range_agg(tstzrange(s.bucket_start_at, s.bucket_end_at, '[)')) filter (where s.grain in ('hour', 'day')),
        '{}'::tstzmultirange
      ) as only_coarse
  from uptrends.monitor_statistics s
  group by s.account_id, s.monitor_guid
) coarse
where c.stream = 'statistics'
  and c.account_id = coarse.account_id
  and c.partition = coarse.partition
  and coarse.only_coarse is not null
  and not isempty(coarse.only_coarse);
