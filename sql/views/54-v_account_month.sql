-- The account-local months the warehouse holds data for, with their bounds as UTC instants: the
-- month list of the monthly uptime views. A month is always the whole calendar month: its figures
-- count coverage against every hour of it, whatever day the data begins.
create or replace view uptrends.v_account_month as
select
  a.account_id,
  a.iana_zone,
  m.m::date as month,
  uptrends.local_to_utc(m.m, a.iana_zone) as month_start_at,
  uptrends.local_to_utc(m.m + interval '1 month', a.iana_zone) as month_end_at,
  uptrends.local_to_utc(m.m - interval '1 month', a.iana_zone) as previous_month_start_at
from uptrends.account a
cross join lateral (
  select least(
    (select min(al.raised_at) from uptrends.alert al where al.account_id = a.account_id),
    (select min(ms.bucket_start_at) from uptrends.monitor_statistics ms where ms.account_id = a.account_id)
  ) as first_at
) f
cross join lateral generate_series(
  date_trunc('month', f.first_at at time zone a.iana_zone),
  date_trunc('month', now() at time zone a.iana_zone),
  interval '1 month'
) as m (m)
where f.first_at is not null;

comment on view uptrends.v_account_month is
  'One row per account and account-local calendar month, from the month of the account''s first loaded alert or statistics bucket to this month, with its bounds (and the previous month''s start) as UTC instants. The month list of the monthly uptime views.';
comment on column uptrends.v_account_month.account_id is 'Uptrends AccountId.';
comment on column uptrends.v_account_month.iana_zone is 'The account''s IANA zone, in which months are counted.';
comment on column uptrends.v_account_month.month is 'First day of the account-local month.';
comment on column uptrends.v_account_month.month_start_at is 'Local midnight starting the month, UTC instant.';
comment on column uptrends.v_account_month.month_end_at is 'Local midnight ending the month (exclusive), UTC instant.';
comment on column uptrends.v_account_month.previous_month_start_at is 'Local midnight starting the previous month, UTC instant.';
