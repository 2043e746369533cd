-- Coverage: which stretches of time the warehouse holds data for, per stream partition. The
-- watermark only says where the newest contiguous run of windows ends; a report or an analyst
-- needs to know whether a given month was ever read at all (a warehouse whose history starts on
-- 25 October has no September, and no September figure may be shown as 100 %).
--
-- The window engine adds each window it read to its end, in the transaction of the window's last
-- batch; a failed or incomplete window adds nothing.

create table uptrends.etl_coverage (
  account_id text not null,
  stream text not null,
  partition text not null default '-',
  covered tstzmultirange not null default '{}'::tstzmultirange,
  updated_at timestamptz not null default now(),
  updated_by_run_id bigint references uptrends.etl_run (run_id),
  constraint etl_coverage_pkey primary key (account_id, stream, partition)
);

comment on table uptrends.etl_coverage is
  'Time read per account, stream and partition: the union of every window a sync read to its end (backfills and nightly runs alike). Written in the transaction of the window''s last batch, so it never claims rows that were not committed. A time range outside covered has never been read: figures over it are unknown, not 100 %.';
comment on column uptrends.etl_coverage.account_id is 'Uptrends AccountId.';
comment on column uptrends.etl_coverage.stream is 'Windowed stream name: alerts, statistics, infra_device_uptime.';
comment on column uptrends.etl_coverage.partition is 'Partition as in etl_state.partition: all, group:<guid> or monitor:<guid> for alerts, a monitor GUID for statistics, ''-'' for Infra uptime.';
comment on column uptrends.etl_coverage.covered is 'Union of the half-open windows [start, end) read to their end (UTC instants). Ranges of a multirange never overlap; use uptrends.covered_seconds() for their length inside a period.';
comment on column uptrends.etl_coverage.updated_at is 'When a window was last added (UTC instant).';
comment on column uptrends.etl_coverage.updated_by_run_id is 'Run that last added a window (etl_run.run_id); null for coverage estimated by migration 000010 from data loaded before coverage was recorded.';

-- Warehouses loaded before this migration: estimate what was read from what is there. Alerts: from
-- the account-local midnight before the first alert to the partition's watermark (a backfill
-- started at a day boundary, and the watermark claims everything after its start). Statistics:
-- the union of the monitor's buckets. Infra uptime: the union of the loaded local days. A range
-- re-synced later is recorded exactly.
insert into uptrends.etl_coverage (account_id, stream, partition, covered)
select s.account_id, s.stream, s.partition,
  tstzmultirange(tstzrange(
    (date_trunc('day', f.first_at at time zone coalesce(a.iana_zone, 'UTC')) at time zone coalesce(a.iana_zone, 'UTC')),
    s.watermark, '[)'))
from uptrends.etl_state s
join lateral (
  select min(al.raised_at) as first_at from uptrends.alert al where al.account_id = s.account_id
) f on true
left join uptrends.account a on a.account_id = s.account_id
where s.stream = 'alerts' and s.watermark is not null and f.first_at is not null and f.first_at < s.watermark;

insert into uptrends.etl_coverage (account_id, stream, partition, covered)
select ms.account_id, 'statistics', ms.monitor_guid::text, range_agg(tstzrange(ms.bucket_start_at, ms.bucket_end_at, '[)'))
from uptrends.monitor_statistics ms
group by ms.account_id, ms.monitor_guid;

insert into uptrends.etl_coverage (account_id, stream, partition, covered)
select d.account_id, 'infra_device_uptime', '-',
  range_agg(tstzrange(
    (d.day::timestamp at time zone coalesce(a.iana_zone, 'UTC')),
    ((d.day + 1)::timestamp at time zone coalesce(a.iana_zone, 'UTC')), '[)'))
from (select distinct account_id, day from uptrends.infra_device_uptime_daily) d
left join uptrends.account a on a.account_id = d.account_id
group by d.account_id;
