-- The service's statistics per monitor and account-local day, each day taken exactly once from
-- the buckets uptrends.statistics_cover chooses (the finest complete cover: hours when they tile
-- the day, else the longest buckets). Summing this view never counts a second twice, whatever mix
-- of hourly, daily and month buckets monitor_statistics holds.
create or replace view uptrends.v_monitor_statistics_daily as
select
  ad.account_id,
  ad.iana_zone,
  m.monitor_guid,
  m.name as monitor_name,
  ad.day,
  ad.month,
  ad.day_start_at,
  ad.day_end_at,
  extract(epoch from ad.day_end_at - ad.day_start_at)::integer as day_seconds,
  st.buckets,
  st.granularity,
  st.covered_seconds,
  st.covered_seconds = extract(epoch from ad.day_end_at - ad.day_start_at)::integer as complete,
  st.uptime_seconds,
  st.downtime_seconds,
  100.0 * st.uptime_seconds / nullif(st.uptime_seconds + st.downtime_seconds, 0)::double precision
    as uptime_percentage,
  st.checks,
  st.confirmed_errors,
  st.unconfirmed_errors,
  st.alerts,
  st.sla_target
from uptrends.v_account_day ad
join uptrends.monitor m on m.account_id = ad.account_id
cross join lateral (
  select
    count(*)::integer as buckets,
    case
      when count(*) = 0 then null
      when count(*) = 1 and bool_and(c.bucket_start_at = ad.day_start_at and c.bucket_end_at = ad.day_end_at)
        then 'day'
      when bool_and(c.grain = 'hour') then 'hour'
      else 'mixed'
    end as granularity,
    sum(extract(epoch from c.bucket_end_at - c.bucket_start_at))::integer as covered_seconds,
    sum(c.uptime_seconds) as uptime_seconds,
    sum(c.downtime_seconds) as downtime_seconds,
    sum(c.checks) as checks,
    sum(c.confirmed_errors) as confirmed_errors,
    sum(c.unconfirmed_errors) as unconfirmed_errors,
    sum(c.alerts) as alerts,
    max(c.sla_target) as sla_target
  from uptrends.statistics_cover(array[m.monitor_guid], ad.day_start_at, ad.day_end_at) c
) st
where st.buckets > 0;

comment on view uptrends.v_monitor_statistics_daily is
  'The Statistics API per monitor and account-local day, each day taken exactly once: from the hourly buckets when they tile the day, else from the longest buckets (a whole-day bucket over the hours it holds); month and longer buckets are never used (uptrends.statistics_cover). Sum this view, never monitor_statistics. Rows only for days with buckets; complete says whether they cover the whole day. Example: select day, uptime_percentage from uptrends.v_monitor_statistics_daily where monitor_guid = ''<guid>'' and month = date ''2025-10-01''.';
comment on column uptrends.v_monitor_statistics_daily.account_id is 'Account of the monitor.';
comment on column uptrends.v_monitor_statistics_daily.iana_zone is 'The account''s IANA zone, in which the day is counted.';
comment on column uptrends.v_monitor_statistics_daily.monitor_guid is 'Monitor GUID.';
comment on column uptrends.v_monitor_statistics_daily.monitor_name is 'Monitor name.';
comment on column uptrends.v_monitor_statistics_daily.day is 'Account-local calendar day.';
comment on column uptrends.v_monitor_statistics_daily.month is 'First day of the account-local month of day.';
comment on column uptrends.v_monitor_statistics_daily.day_start_at is 'Local midnight starting the day, UTC instant.';
comment on column uptrends.v_monitor_statistics_daily.day_end_at is 'Local midnight ending the day (exclusive), UTC instant.';
comment on column uptrends.v_monitor_statistics_daily.day_seconds is 'Length of the local day: 86400, or 82800 / 90000 on DST days.';
comment on column uptrends.v_monitor_statistics_daily.buckets is 'Buckets used for the day.';
comment on column uptrends.v_monitor_statistics_daily.granularity is 'Bucket size used: day (one bucket covering the whole local day), hour (buckets of an hour or less) or mixed.';
comment on column uptrends.v_monitor_statistics_daily.covered_seconds is 'Seconds of the day the buckets used cover.';
comment on column uptrends.v_monitor_statistics_daily.complete is 'True when the buckets used cover the whole day (covered_seconds = day_seconds).';
comment on column uptrends.v_monitor_statistics_daily.uptime_seconds is 'Sum of Uptime seconds of the buckets used.';
comment on column uptrends.v_monitor_statistics_daily.downtime_seconds is 'Sum of Downtime seconds of the buckets used.';
comment on column uptrends.v_monitor_statistics_daily.uptime_percentage is 'Uptime % (Uptrends), the figure the Uptrends UI shows: 100 x uptime / (uptime + downtime) seconds; null without monitored time.';
comment on column uptrends.v_monitor_statistics_daily.checks is 'Checks in the buckets used.';
comment on column uptrends.v_monitor_statistics_daily.confirmed_errors is 'Confirmed errors in the buckets used.';
comment on column uptrends.v_monitor_statistics_daily.unconfirmed_errors is 'Unconfirmed errors in the buckets used.';
comment on column uptrends.v_monitor_statistics_daily.alerts is 'Alerts counted by the Statistics API in the buckets used.';
comment on column uptrends.v_monitor_statistics_daily.sla_target is 'SlaTarget reported by the statistics (highest of the buckets used); null when none.';
