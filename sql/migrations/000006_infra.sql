-- Infra API (servers and network devices, GET {infra}/v1/DeviceGroupData): the device group tree,
-- the devices with their group memberships, one uptime row per device per account-local day, and
-- the last value of each data feed (sensor). Plus v_infra_uptime_monthly, the time-weighted
-- monthly uptime the SLA workbook reads.
--
-- Infra ids are whatever the API sends (numbers in the simulator, undocumented for the real
-- service), so they are text and keyed together with account_id. The all-devices group is not an
-- item of any listing and the API never tells its id: it is stored as device_group_id 'all'.
-- Conventions as in 000003 (docs/warehouse.md): run_id on every row, soft delete of entities,
-- raw holds the record as received with secrets removed, no foreign keys.

-- infra_device_group ------------------------------------------------------------------------------

create table uptrends.infra_device_group (
  account_id text not null,
  device_group_id text not null,
  name text,
  parent_device_group_id text,
  depth integer not null,
  status text,
  raw jsonb,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint infra_device_group_pkey primary key (account_id, device_group_id)
);

comment on table uptrends.infra_device_group is
  'Infra device groups (the tree walked with GET /v1/DeviceGroupData?GroupFilter=All from the all-devices group), one row per group. A group removed from Infra keeps its row with deleted_at set.';
comment on column uptrends.infra_device_group.account_id is 'Account whose Infra API listed the group (the Uptrends account of the run).';
comment on column uptrends.infra_device_group.device_group_id is 'Infra device group id as sent (text); ''all'' for the all-devices root group, whose id the API does not reveal.';
comment on column uptrends.infra_device_group.name is 'Group name as shown in Infra; ''All devices'' for the root.';
comment on column uptrends.infra_device_group.parent_device_group_id is 'Group that lists this group (''all'' for top-level groups, null for the root). A group listed by several groups keeps the one nearest the root.';
comment on column uptrends.infra_device_group.depth is 'Levels below the root: 0 for ''all'', 1 for its child groups, and so on.';
comment on column uptrends.infra_device_group.status is 'Status of the group at the last sync (Error, Warning, OK, Unknown; the worst of its items), as sent.';
comment on column uptrends.infra_device_group.raw is 'Group item as received (secrets removed); null for the root, which is not an item.';
comment on column uptrends.infra_device_group.run_id is 'etl_run id of the run that last changed this row.';
comment on column uptrends.infra_device_group.first_seen_at is 'When a sync first saw this group (UTC).';
comment on column uptrends.infra_device_group.last_seen_at is 'When a sync last saw this group (UTC).';
comment on column uptrends.infra_device_group.deleted_at is 'When a complete walk of the tree first missed this group (UTC); null while it exists.';

-- infra_device ------------------------------------------------------------------------------------

create table uptrends.infra_device (
  account_id text not null,
  device_id text not null,
  name text,
  item_type text,
  status text,
  device_group_ids text[] not null,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint infra_device_pkey primary key (account_id, device_id)
);

create index infra_device_groups_idx on uptrends.infra_device using gin (device_group_ids);

comment on table uptrends.infra_device is
  'Infra devices (servers, network devices), one row per device found anywhere in the device group tree, with the groups that list it. A device removed from Infra keeps its row with deleted_at set.';
comment on column uptrends.infra_device.account_id is 'Account whose Infra API listed the device.';
comment on column uptrends.infra_device.device_id is 'Infra device id as sent (text); key of infra_device_uptime_daily and infra_data_feed_value.';
comment on column uptrends.infra_device.name is 'Device name as shown in Infra.';
comment on column uptrends.infra_device.item_type is 'Item Type as sent (Device; an unknown type is kept, never rejected).';
comment on column uptrends.infra_device.status is 'Status of the device at the last sync: Error, Warning, OK or Unknown (Unknown = no data), as sent.';
comment on column uptrends.infra_device.device_group_ids is 'Every device group that lists this device directly, sorted; includes ''all'' when the all-devices group lists it (it does in the simulator). Joins infra_device_group.device_group_id.';
comment on column uptrends.infra_device.raw is 'Device item as received, without its DataFeeds (those are in infra_data_feed_value); secrets removed.';
comment on column uptrends.infra_device.run_id is 'etl_run id of the run that last changed this row.';
comment on column uptrends.infra_device.first_seen_at is 'When a sync first saw this device (UTC).';
comment on column uptrends.infra_device.last_seen_at is 'When a sync last saw this device (UTC).';
comment on column uptrends.infra_device.deleted_at is 'When a complete walk of the tree first missed this device (UTC); null while it exists.';

-- infra_device_uptime_daily -----------------------------------------------------------------------

create table uptrends.infra_device_uptime_daily (
  account_id text not null,
  device_id text not null,
  day date not null,
  uptime_percentage numeric,
  has_data boolean not null,
  status text,
  friendly_uptime text,
  period text not null,
  raw jsonb not null,
  run_id bigint not null,
  constraint infra_device_uptime_daily_pkey primary key (account_id, device_id, day)
);

create index infra_device_uptime_daily_day_idx on uptrends.infra_device_uptime_daily (account_id, day);

comment on table uptrends.infra_device_uptime_daily is
  'Uptime of each Infra device per completed account-local day, as the Infra API computes it for Period=yyyymmdd-yyyymmdd of that one day. Re-reading a day (lookback) overwrites its row.';
comment on column uptrends.infra_device_uptime_daily.account_id is 'Account of the device.';
comment on column uptrends.infra_device_uptime_daily.device_id is 'Infra device id; joins infra_device.';
comment on column uptrends.infra_device_uptime_daily.day is 'Account-local calendar day (midnight to midnight in the account zone, 23 or 25 hours on DST days).';
comment on column uptrends.infra_device_uptime_daily.uptime_percentage is 'Uptime in percent (0-100) over the day, exactly as sent; null when the API sent none.';
comment on column uptrends.infra_device_uptime_daily.has_data is 'False when the device reported no data that day (no Uptime, or Uptime 0 with status Unknown, which is how the API marks a device without data); such days are left out of v_infra_uptime_monthly.';
comment on column uptrends.infra_device_uptime_daily.status is 'Device status when the day was read (the API reports the current status, not the day''s): Error, Warning, OK or Unknown.';
comment on column uptrends.infra_device_uptime_daily.friendly_uptime is 'FriendlyUptime as sent (formatted per the API user''s preferences), e.g. "99.95%".';
comment on column uptrends.infra_device_uptime_daily.period is 'The Period parameter the uptime was requested with, e.g. 20251119-20251119.';
comment on column uptrends.infra_device_uptime_daily.raw is 'Device item of that day''s response, without DataFeeds; secrets removed.';
comment on column uptrends.infra_device_uptime_daily.run_id is 'etl_run id of the run that last changed this row.';

-- infra_data_feed_value ---------------------------------------------------------------------------

create table uptrends.infra_data_feed_value (
  account_id text not null,
  device_id text not null,
  data_feed_id text not null,
  name text,
  data_type text,
  status text,
  value text,
  value_number double precision,
  friendly_value text,
  observed_at timestamptz not null,
  raw jsonb not null,
  run_id bigint not null,
  constraint infra_data_feed_value_pkey primary key (account_id, device_id, data_feed_id)
);

comment on table uptrends.infra_data_feed_value is
  'Last value of each Infra data feed (sensor) of a device, as of observed_at. The API returns only the current value of the first two sensors of each device (ShowDetailInfo=True), no history; every sync replaces the row.';
comment on column uptrends.infra_data_feed_value.account_id is 'Account of the device.';
comment on column uptrends.infra_data_feed_value.device_id is 'Infra device id; joins infra_device.';
comment on column uptrends.infra_data_feed_value.data_feed_id is 'Data feed id as sent (text).';
comment on column uptrends.infra_data_feed_value.name is 'Data feed name, e.g. "CPU load".';
comment on column uptrends.infra_data_feed_value.data_type is 'Data type of the value as sent (Type), e.g. Double.';
comment on column uptrends.infra_data_feed_value.status is 'Status of the feed when observed: Error, Warning, OK or Unknown, as sent.';
comment on column uptrends.infra_data_feed_value.value is 'Last value as sent (text, unrounded).';
comment on column uptrends.infra_data_feed_value.value_number is 'value as a number when it is numeric text; null otherwise.';
comment on column uptrends.infra_data_feed_value.friendly_value is 'Last value formatted per the API user''s preferences (FriendlyValue), e.g. "35.1 %".';
comment on column uptrends.infra_data_feed_value.observed_at is 'When the sync read this value (UTC): the value is the current one at that moment.';
comment on column uptrends.infra_data_feed_value.raw is 'Data feed record as received; secrets removed.';
comment on column uptrends.infra_data_feed_value.run_id is 'etl_run id of the run that last changed this row.';

-- v_infra_uptime_monthly --------------------------------------------------------------------------

create view uptrends.v_infra_uptime_monthly as
with day_length as (
  select distinct u.account_id, u.day,
    extract(epoch from
      uptrends.local_to_utc((u.day + 1)::timestamp, coalesce(a.iana_zone, 'UTC'))
      - uptrends.local_to_utc(u.day::timestamp, coalesce(a.iana_zone, 'UTC')))::double precision as day_seconds
  from uptrends.infra_device_uptime_daily u
  left join uptrends.account a on a.account_id = u.account_id
)
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
group by u.account_id, u.device_id, d.name, date_trunc('month', u.day);

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
