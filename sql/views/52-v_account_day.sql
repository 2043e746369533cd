-- The account-local days the warehouse holds data for, with their bounds as UTC instants: the day
-- list the uptime views are built on. Grouped so each day's bounds are computed once (a plain
-- subquery would be flattened into every probe of the views and local_to_utc evaluated in each);
-- a filter on day or month still reaches generate_series, because it only uses grouping columns.
create or replace view uptrends.v_account_day as
select
  a.account_id,
  a.iana_zone,
  d.d::date as day,
  date_trunc('month', d.d)::date as month,
  uptrends.local_to_utc(d.d, a.iana_zone) as day_start_at,
  uptrends.local_to_utc(d.d + interval '1 day', a.iana_zone) as day_end_at
from uptrends.account a
cross join lateral (
  -- The account's data begins with its first loaded alert or statistics bucket.
  select least(
    (select min(al.raised_at) from uptrends.alert al where al.account_id = a.account_id),
    (select min(ms.bucket_start_at) from uptrends.monitor_statistics ms where ms.account_id = a.account_id)
  ) as first_at
) f
cross join lateral generate_series(
  (f.first_at at time zone a.iana_zone)::date::timestamp,
  (now() at time zone a.iana_zone)::date::timestamp,
  interval '1 day'
) as d (d)
where f.first_at is not null
group by a.account_id, a.iana_zone, d.d;

comment on view uptrends.v_account_day is
  'One row per account and account-local day, from the day of the account''s first loaded alert or statistics bucket to today, with the day''s bounds as UTC instants (DST days last 23 or 25 hours). The day list of the uptime views. Example: select day, day_start_at, day_end_at from uptrends.v_account_day where month = date ''2025-10-01''.';
comment on column uptrends.v_account_day.account_id is 'Uptrends AccountId.';
comment on column uptrends.v_account_day.iana_zone is 'The account''s IANA zone, in which days are counted.';
comment on column uptrends.v_account_day.day is 'Account-local calendar day.';
comment on column uptrends.v_account_day.month is 'First day of the account-local month of day.';
comment on column uptrends.v_account_day.day_start_at is 'Local midnight starting the day, UTC instant (the ETL''s DST policy, uptrends.local_to_utc).';
comment on column uptrends.v_account_day.day_end_at is 'Local midnight ending the day (exclusive), UTC instant.';
