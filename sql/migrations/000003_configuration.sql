-- Configuration tables of the Uptrends account: account and time zones, monitors (with their
-- configuration history and error conditions), monitor groups (members, daily credit usage),
-- SLAs, maintenance periods, operators and public status pages. Plus two functions:
-- uptrends.local_to_utc (the DST policy of src/transform/local-time.ts in SQL) and
-- uptrends.maintenance_interval (recurring maintenance expanded into UTC intervals).
--
-- Conventions (docs/warehouse.md): every row has account_id and run_id; GUID keys are uuid and
-- globally unique, integer ids are keyed together with account_id; instants are timestamptz
-- (UTC), account-local wall clocks are timestamp columns named *_local; mutable entities carry
-- first_seen_at / last_seen_at / deleted_at and are soft-deleted, never deleted; raw holds the
-- API record with every secret removed. No foreign keys: streams load independently and a
-- member may arrive before its monitor. No password column exists anywhere, by design.

-- account -------------------------------------------------------------------------------------

create table uptrends.account (
  account_id text not null,
  timezone_id integer,
  timezone_description text,
  iana_zone text not null,
  iana_zone_exact boolean not null,
  iana_zone_source text not null,
  iana_zone_reason text,
  expiration_at timestamptz,
  expiration_at_local timestamp,
  basic_monitors integer,
  basic_monitors_in_use integer,
  browser_monitors integer,
  browser_monitors_in_use integer,
  transaction_credits integer,
  transaction_credits_in_use integer,
  api_monitoring_credits integer,
  api_monitoring_credits_in_use integer,
  monitors integer,
  monitors_in_use integer,
  operators integer,
  operators_in_use integer,
  remaining_message_credits integer,
  raw jsonb,
  settings_raw jsonb,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  constraint account_pkey primary key (account_id)
);

comment on table uptrends.account is
  'One row per Uptrends account loaded into this warehouse: its time zone (the zone of every account-local timestamp the API sends) and account-wide quotas from GET /Account.';
comment on column uptrends.account.account_id is 'Uptrends account id (text, as the API and the configuration give it). Every table carries it.';
comment on column uptrends.account.timezone_id is 'Uptrends time zone id of the account (GET /Account/Settings TimezoneId); joins uptrends.timezone. Null when the zone came from UPTRENDS_TIMEZONE without asking the API.';
comment on column uptrends.account.timezone_description is 'Uptrends description of the account time zone, e.g. "GMT+01:00* Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna" (* = northern-hemisphere DST, # = southern).';
comment on column uptrends.account.iana_zone is 'IANA zone (e.g. Europe/Amsterdam) used to convert this account''s local timestamps to UTC; the zone of every *_local column and of maintenance_interval().';
comment on column uptrends.account.iana_zone_exact is 'True when iana_zone is certain (set by UPTRENDS_TIMEZONE, or a place in the Uptrends description whose offsets were verified); false when it was guessed from offset and DST rule.';
comment on column uptrends.account.iana_zone_source is 'How iana_zone was chosen: UPTRENDS_TIMEZONE (setting) or api (/Account/Settings + /Timezone/{id}).';
comment on column uptrends.account.iana_zone_reason is 'Why this zone: the text the run printed (a warning when the mapping was a guess).';
comment on column uptrends.account.expiration_at is 'When the Uptrends subscription expires (UTC instant).';
comment on column uptrends.account.expiration_at_local is 'Subscription expiry as sent, account-local wall clock.';
comment on column uptrends.account.basic_monitors is 'Basic (uptime) monitor quota of the account.';
comment on column uptrends.account.basic_monitors_in_use is 'Basic (uptime) monitors in use.';
comment on column uptrends.account.browser_monitors is 'Browser (full page check) monitor quota.';
comment on column uptrends.account.browser_monitors_in_use is 'Browser monitors in use.';
comment on column uptrends.account.transaction_credits is 'Transaction monitor credits of the account.';
comment on column uptrends.account.transaction_credits_in_use is 'Transaction monitor credits in use.';
comment on column uptrends.account.api_monitoring_credits is 'Multi-step API monitoring credits of the account.';
comment on column uptrends.account.api_monitoring_credits_in_use is 'Multi-step API monitoring credits in use.';
comment on column uptrends.account.monitors is 'Monitor quota on the single-credit (classic) pricing tier.';
comment on column uptrends.account.monitors_in_use is 'Monitors in use on the single-credit (classic) pricing tier.';
comment on column uptrends.account.operators is 'Operator (user) quota.';
comment on column uptrends.account.operators_in_use is 'Operators in use.';
comment on column uptrends.account.remaining_message_credits is 'SMS/phone message credits left.';
comment on column uptrends.account.raw is 'GET /Account record as received (secrets removed).';
comment on column uptrends.account.settings_raw is 'GET /Account/Settings record as received.';
comment on column uptrends.account.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.account.first_seen_at is 'When a sync first loaded this account (UTC).';
comment on column uptrends.account.last_seen_at is 'When a sync last loaded this account (UTC).';

-- timezone ------------------------------------------------------------------------------------

create table uptrends.timezone (
  account_id text not null,
  timezone_id integer not null,
  description text,
  offset_from_utc_minutes integer not null,
  has_daylight_saving boolean not null,
  daylight_saving_offset_minutes integer,
  daylight_saving_start_local timestamp,
  daylight_saving_end_local timestamp,
  dst_hemisphere text,
  iana_zone text,
  iana_zone_exact boolean,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint timezone_pkey primary key (account_id, timezone_id)
);

comment on table uptrends.timezone is
  'Uptrends time zone reference list (GET /Timezone), one row per Uptrends zone id. Ids are Uptrends'' own integers, so the key includes account_id.';
comment on column uptrends.timezone.account_id is 'Account whose API returned this list.';
comment on column uptrends.timezone.timezone_id is 'Uptrends time zone id (TimezoneId); referenced by account.timezone_id and operator.time_zone_id.';
comment on column uptrends.timezone.description is 'Uptrends description, e.g. "GMT-06:00* Central time"; * marks northern-hemisphere DST, # southern.';
comment on column uptrends.timezone.offset_from_utc_minutes is 'Standard-time offset from UTC in minutes, negative west of Greenwich (-360 = UTC-06:00).';
comment on column uptrends.timezone.has_daylight_saving is 'True when the zone observes daylight saving time.';
comment on column uptrends.timezone.daylight_saving_offset_minutes is 'Minutes added during DST (usually 60); null without DST.';
comment on column uptrends.timezone.daylight_saving_start_local is 'DaylightSavingStart as sent (wall clock, meaning not documented by Uptrends); null when absent.';
comment on column uptrends.timezone.daylight_saving_end_local is 'DaylightSavingEnd as sent (wall clock, meaning not documented by Uptrends); null when absent.';
comment on column uptrends.timezone.dst_hemisphere is 'north (* in the description) or south (#); null without DST or without a mark.';
comment on column uptrends.timezone.iana_zone is 'IANA zone this Uptrends zone maps to (same rules as the account zone); null when no IANA zone fits.';
comment on column uptrends.timezone.iana_zone_exact is 'True when iana_zone came from a verified place name, false when guessed from offset and DST rule.';
comment on column uptrends.timezone.raw is 'Time zone record as received.';
comment on column uptrends.timezone.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.timezone.first_seen_at is 'When a sync first saw this zone (UTC).';
comment on column uptrends.timezone.last_seen_at is 'When a sync last saw this zone (UTC).';
comment on column uptrends.timezone.deleted_at is 'When a sync first found the zone missing from the API (UTC); null while it exists.';

-- monitor -------------------------------------------------------------------------------------

create table uptrends.monitor (
  account_id text not null,
  monitor_guid uuid not null,
  name text,
  monitor_type text,
  monitor_mode text,
  is_active boolean,
  generate_alert boolean,
  is_locked boolean,
  check_interval_seconds integer,
  url text,
  network_address text,
  port integer,
  credits numeric,
  use_concurrent_monitoring boolean,
  api_hash text,
  created_at timestamptz,
  created_at_local timestamp,
  last_modified_at timestamptz,
  last_modified_at_local timestamp,
  config_hash text not null,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint monitor_pkey primary key (monitor_guid)
);

create index monitor_account_idx on uptrends.monitor (account_id);

comment on table uptrends.monitor is
  'One row per monitor (GET /Monitor), current configuration. A monitor removed from Uptrends keeps its row with deleted_at set, so its alerts and history stay reportable.';
comment on column uptrends.monitor.account_id is 'Account the monitor belongs to.';
comment on column uptrends.monitor.monitor_guid is 'Monitor GUID (MonitorGuid); key of alerts, incidents and statistics.';
comment on column uptrends.monitor.name is 'Monitor name as shown in Uptrends.';
comment on column uptrends.monitor.monitor_type is 'MonitorType as sent: Http, Https, Ping, Connect, DNS, FullPageCheck, Transaction, MultiStepApi, PostmanApi, ... (unknown values kept).';
comment on column uptrends.monitor.monitor_mode is 'Development, Staging or Production; only Production monitors count for uptime, SLAs and alerts.';
comment on column uptrends.monitor.is_active is 'True when the monitor runs checks.';
comment on column uptrends.monitor.generate_alert is 'True when the monitor raises alerts.';
comment on column uptrends.monitor.is_locked is 'True when the monitor is locked against edits in Uptrends.';
comment on column uptrends.monitor.check_interval_seconds is 'Time between checks in SECONDS: CheckIntervalSeconds when sent, else CheckInterval (which is in minutes, despite the API spec) times 60.';
comment on column uptrends.monitor.url is 'URL checked (HTTP(S), web service, browser monitors).';
comment on column uptrends.monitor.network_address is 'Host or address checked (Ping, Connect, DNS, mail, database monitors).';
comment on column uptrends.monitor.port is 'TCP port checked, where the monitor type has one.';
comment on column uptrends.monitor.credits is 'Credits this monitor uses (Credits field).';
comment on column uptrends.monitor.use_concurrent_monitoring is 'True when checks run from several checkpoints at once.';
comment on column uptrends.monitor.api_hash is 'Uptrends'' own Hash of the monitor (changes on every save).';
comment on column uptrends.monitor.created_at is 'When the monitor was created (UTC instant; CreatedDate, sent since 2022).';
comment on column uptrends.monitor.created_at_local is 'CreatedDate as sent, account-local wall clock.';
comment on column uptrends.monitor.last_modified_at is 'When the monitor was last changed (UTC instant; LastModifiedDate, sent since 2025).';
comment on column uptrends.monitor.last_modified_at_local is 'LastModifiedDate as sent, account-local wall clock.';
comment on column uptrends.monitor.config_hash is 'SHA-256 of the redacted configuration (keys sorted, null fields dropped, Hash and LastModifiedDate ignored); a change opens a new monitor_history version.';
comment on column uptrends.monitor.raw is 'Monitor record as received, every password, secret, token, sensitive header value and Postman variable value removed.';
comment on column uptrends.monitor.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.monitor.first_seen_at is 'When a sync first saw this monitor (UTC).';
comment on column uptrends.monitor.last_seen_at is 'When a sync last saw this monitor (UTC).';
comment on column uptrends.monitor.deleted_at is 'When a sync first found the monitor gone from the account (UTC); null while it exists.';

create table uptrends.monitor_history (
  account_id text not null,
  monitor_guid uuid not null,
  valid_from timestamptz not null,
  valid_to timestamptz,
  config_hash text not null,
  name text,
  monitor_type text,
  monitor_mode text,
  is_active boolean,
  generate_alert boolean,
  check_interval_seconds integer,
  last_modified_at timestamptz,
  raw jsonb not null,
  run_id bigint not null,
  constraint monitor_history_pkey primary key (monitor_guid, valid_from),
  constraint monitor_history_valid_range check (valid_to is null or valid_to > valid_from)
);

create unique index monitor_history_open_idx on uptrends.monitor_history (monitor_guid) where valid_to is null;
create index monitor_history_valid_from_idx on uptrends.monitor_history (valid_from);

comment on table uptrends.monitor_history is
  'Configuration versions of each monitor: a new row whenever a sync sees a different config_hash. Version v was in force over [valid_from, valid_to); valid_to is null for the current version. A deleted monitor''s last version is closed at its deleted_at.';
comment on column uptrends.monitor_history.account_id is 'Account the monitor belongs to.';
comment on column uptrends.monitor_history.monitor_guid is 'Monitor GUID.';
comment on column uptrends.monitor_history.valid_from is 'Start (UTC) of the sync run that first saw this configuration: observation time, not LastModifiedDate.';
comment on column uptrends.monitor_history.valid_to is 'Start (UTC) of the run that saw the next configuration (or found the monitor deleted); null while current. Half-open: valid_from <= t < valid_to.';
comment on column uptrends.monitor_history.config_hash is 'SHA-256 of the redacted configuration of this version (see monitor.config_hash).';
comment on column uptrends.monitor_history.name is 'Monitor name in this version.';
comment on column uptrends.monitor_history.monitor_type is 'MonitorType in this version.';
comment on column uptrends.monitor_history.monitor_mode is 'MonitorMode (Development, Staging, Production) in this version.';
comment on column uptrends.monitor_history.is_active is 'IsActive in this version.';
comment on column uptrends.monitor_history.generate_alert is 'GenerateAlert in this version.';
comment on column uptrends.monitor_history.check_interval_seconds is 'Check interval in seconds in this version.';
comment on column uptrends.monitor_history.last_modified_at is 'LastModifiedDate of this version (UTC instant), when the API sent it.';
comment on column uptrends.monitor_history.raw is 'Redacted monitor record of this version.';
comment on column uptrends.monitor_history.run_id is 'etl_run id of the run that wrote this version (or closed it).';

-- monitor_error_condition ---------------------------------------------------------------------

create table uptrends.monitor_error_condition (
  account_id text not null,
  monitor_guid uuid not null,
  error_condition_type text not null,
  occurrence smallint not null,
  value text,
  value_numeric double precision,
  percentage text,
  percentage_numeric double precision,
  effect text,
  level text,
  match_type text,
  source text not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint monitor_error_condition_pkey primary key (monitor_guid, error_condition_type, occurrence)
);

create index monitor_error_condition_type_idx on uptrends.monitor_error_condition (error_condition_type);

comment on table uptrends.monitor_error_condition is
  'One row per error condition of a monitor: the ErrorConditions array, plus the deprecated fields of older monitors (AlertOnLoadTimeLimit1/LoadTimeLimit1, ..., ExpectedHttpStatusCode) mapped to their ErrorConditionType. When both forms name a type, the ErrorConditions entry is kept.';
comment on column uptrends.monitor_error_condition.account_id is 'Account the monitor belongs to.';
comment on column uptrends.monitor_error_condition.monitor_guid is 'Monitor GUID.';
comment on column uptrends.monitor_error_condition.error_condition_type is 'ErrorConditionType as sent: LoadTimeLimit1, LoadTimeLimit2, TotalMinBytes, TotalMaxBytes, HttpStatus, ContentMatch, PageElementMaxSizeWithPercentage, ... (unknown values kept).';
comment on column uptrends.monitor_error_condition.occurrence is '1 for the first condition of this type on the monitor, 2 for the second (e.g. two content matches), in API order.';
comment on column uptrends.monitor_error_condition.value is 'Value as sent (text): a limit (load times in ms, sizes in bytes), an HTTP status code or a match pattern, depending on the type.';
comment on column uptrends.monitor_error_condition.value_numeric is 'value as a number when it is one (limits, status codes); null for patterns.';
comment on column uptrends.monitor_error_condition.percentage is 'Percentage as sent (text), for the two page-element percentage types.';
comment on column uptrends.monitor_error_condition.percentage_numeric is 'percentage as a number (percent).';
comment on column uptrends.monitor_error_condition.effect is 'Indicate (mark the check, no error) or Error; null when not sent. Deprecated load time limits map to Indicate (limit 1) and Error (limit 2).';
comment on column uptrends.monitor_error_condition.level is 'Level of console-level conditions (Info, Warning, Error).';
comment on column uptrends.monitor_error_condition.match_type is 'MatchType of content conditions (ErrorWhenContains, ErrorWhenNotContains, ...Regex).';
comment on column uptrends.monitor_error_condition.source is 'ErrorConditions (the array) or deprecated (mapped from the fields removed on 27 August 2025).';
comment on column uptrends.monitor_error_condition.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.monitor_error_condition.first_seen_at is 'When a sync first saw this condition (UTC).';
comment on column uptrends.monitor_error_condition.last_seen_at is 'When a sync last saw this condition (UTC).';
comment on column uptrends.monitor_error_condition.deleted_at is 'When a sync first found the condition removed (UTC); null while it exists.';

-- monitor_group, members, daily credit usage ---------------------------------------------------

create table uptrends.monitor_group (
  account_id text not null,
  monitor_group_guid uuid not null,
  description text,
  is_all boolean not null,
  is_quota_unlimited boolean,
  basic_monitor_quota integer,
  browser_monitor_quota integer,
  transaction_monitor_quota integer,
  api_monitor_quota integer,
  classic_quota integer,
  unified_credits_quota integer,
  used_basic_monitor_quota integer,
  used_browser_monitor_quota integer,
  used_transaction_monitor_quota integer,
  used_api_monitor_quota integer,
  used_classic_quota integer,
  used_unified_credits_quota integer,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint monitor_group_pkey primary key (monitor_group_guid)
);

comment on table uptrends.monitor_group is
  'One row per monitor group (GET /MonitorGroup) with its credit quotas and the credits in use now. Daily history of the usage: monitor_group_quota_daily.';
comment on column uptrends.monitor_group.account_id is 'Account the group belongs to.';
comment on column uptrends.monitor_group.monitor_group_guid is 'Monitor group GUID (MonitorGroupGuid).';
comment on column uptrends.monitor_group.description is 'Group name (the API calls it Description).';
comment on column uptrends.monitor_group.is_all is 'True for the built-in All Monitors group, which holds every monitor.';
comment on column uptrends.monitor_group.is_quota_unlimited is 'True when the group may use credits without limit; the *_quota columns then do not apply.';
comment on column uptrends.monitor_group.basic_monitor_quota is 'Credits the group may use for basic (uptime) monitors.';
comment on column uptrends.monitor_group.browser_monitor_quota is 'Credits the group may use for browser (full page check) monitors.';
comment on column uptrends.monitor_group.transaction_monitor_quota is 'Credits the group may use for transaction monitors.';
comment on column uptrends.monitor_group.api_monitor_quota is 'Credits the group may use for multi-step API and Postman monitors.';
comment on column uptrends.monitor_group.classic_quota is 'Credits the group may use on the single-credit (classic) pricing tier.';
comment on column uptrends.monitor_group.unified_credits_quota is 'Unified credits the group may use (newer pricing), when sent.';
comment on column uptrends.monitor_group.used_basic_monitor_quota is 'Credits in use by basic (uptime) monitors of the group, at the last sync.';
comment on column uptrends.monitor_group.used_browser_monitor_quota is 'Credits in use by browser monitors of the group, at the last sync.';
comment on column uptrends.monitor_group.used_transaction_monitor_quota is 'Credits in use by transaction monitors of the group, at the last sync.';
comment on column uptrends.monitor_group.used_api_monitor_quota is 'Credits in use by multi-step API and Postman monitors of the group, at the last sync.';
comment on column uptrends.monitor_group.used_classic_quota is 'Credits in use on the single-credit (classic) tier, at the last sync.';
comment on column uptrends.monitor_group.used_unified_credits_quota is 'Unified credits in use, at the last sync, when sent.';
comment on column uptrends.monitor_group.raw is 'Monitor group record as received.';
comment on column uptrends.monitor_group.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.monitor_group.first_seen_at is 'When a sync first saw this group (UTC).';
comment on column uptrends.monitor_group.last_seen_at is 'When a sync last saw this group (UTC).';
comment on column uptrends.monitor_group.deleted_at is 'When a sync first found the group gone (UTC); null while it exists.';

create table uptrends.monitor_group_member (
  account_id text not null,
  monitor_group_guid uuid not null,
  monitor_guid uuid not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint monitor_group_member_pkey primary key (monitor_group_guid, monitor_guid)
);

create index monitor_group_member_monitor_idx on uptrends.monitor_group_member (monitor_guid);

comment on table uptrends.monitor_group_member is
  'Membership of monitors in monitor groups (GET /MonitorGroup/{guid}/Member): one row per group and monitor. A monitor can be in several groups.';
comment on column uptrends.monitor_group_member.account_id is 'Account of the group.';
comment on column uptrends.monitor_group_member.monitor_group_guid is 'Monitor group GUID; joins monitor_group.';
comment on column uptrends.monitor_group_member.monitor_guid is 'Monitor GUID; joins monitor.';
comment on column uptrends.monitor_group_member.run_id is 'etl_run id of the run that last saw this membership.';
comment on column uptrends.monitor_group_member.first_seen_at is 'When a sync first saw the monitor in the group (UTC).';
comment on column uptrends.monitor_group_member.last_seen_at is 'When a sync last saw the monitor in the group (UTC).';
comment on column uptrends.monitor_group_member.deleted_at is 'When a sync first found the monitor no longer in the group (UTC); null while it is a member.';

create table uptrends.monitor_group_quota_daily (
  account_id text not null,
  monitor_group_guid uuid not null,
  snapshot_date date not null,
  is_quota_unlimited boolean,
  used_basic_monitor_quota integer,
  used_browser_monitor_quota integer,
  used_transaction_monitor_quota integer,
  used_api_monitor_quota integer,
  used_classic_quota integer,
  used_unified_credits_quota integer,
  basic_monitor_quota integer,
  browser_monitor_quota integer,
  transaction_monitor_quota integer,
  api_monitor_quota integer,
  classic_quota integer,
  unified_credits_quota integer,
  captured_at timestamptz not null,
  run_id bigint not null,
  constraint monitor_group_quota_daily_pkey primary key (monitor_group_guid, snapshot_date)
);

create index monitor_group_quota_daily_date_idx on uptrends.monitor_group_quota_daily (snapshot_date);

comment on table uptrends.monitor_group_quota_daily is
  'Credit usage history the API does not keep: one row per monitor group per account-local day with a sync, holding the quotas and Used*Quota values of the last sync of that day. Days without a sync have no row.';
comment on column uptrends.monitor_group_quota_daily.account_id is 'Account of the group.';
comment on column uptrends.monitor_group_quota_daily.monitor_group_guid is 'Monitor group GUID; joins monitor_group.';
comment on column uptrends.monitor_group_quota_daily.snapshot_date is 'Day of the snapshot in the account''s calendar (account.iana_zone).';
comment on column uptrends.monitor_group_quota_daily.is_quota_unlimited is 'True when the group had unlimited credits that day.';
comment on column uptrends.monitor_group_quota_daily.used_basic_monitor_quota is 'Credits in use by basic (uptime) monitors (UsedBasicMonitorQuota).';
comment on column uptrends.monitor_group_quota_daily.used_browser_monitor_quota is 'Credits in use by browser monitors (UsedBrowserMonitorQuota).';
comment on column uptrends.monitor_group_quota_daily.used_transaction_monitor_quota is 'Credits in use by transaction monitors (UsedTransactionMonitorQuota).';
comment on column uptrends.monitor_group_quota_daily.used_api_monitor_quota is 'Credits in use by multi-step API and Postman monitors (UsedApiMonitorQuota).';
comment on column uptrends.monitor_group_quota_daily.used_classic_quota is 'Credits in use on the single-credit tier (UsedClassicQuota).';
comment on column uptrends.monitor_group_quota_daily.used_unified_credits_quota is 'Unified credits in use (UsedUnifiedCreditsQuota), when sent.';
comment on column uptrends.monitor_group_quota_daily.basic_monitor_quota is 'Basic monitor credit limit that day.';
comment on column uptrends.monitor_group_quota_daily.browser_monitor_quota is 'Browser monitor credit limit that day.';
comment on column uptrends.monitor_group_quota_daily.transaction_monitor_quota is 'Transaction monitor credit limit that day.';
comment on column uptrends.monitor_group_quota_daily.api_monitor_quota is 'API monitor credit limit that day.';
comment on column uptrends.monitor_group_quota_daily.classic_quota is 'Single-credit tier limit that day.';
comment on column uptrends.monitor_group_quota_daily.unified_credits_quota is 'Unified credit limit that day, when sent.';
comment on column uptrends.monitor_group_quota_daily.captured_at is 'When the sync that wrote these values read them (UTC).';
comment on column uptrends.monitor_group_quota_daily.run_id is 'etl_run id of the run that last wrote this row (the day''s last sync).';

-- sla, exclusion periods ----------------------------------------------------------------------

create table uptrends.sla (
  account_id text not null,
  sla_guid uuid not null,
  description text,
  uptime_error_threshold double precision,
  uptime_warning_threshold double precision,
  load_time_error_threshold double precision,
  operator_response_time_threshold double precision,
  api_hash text,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint sla_pkey primary key (sla_guid)
);

comment on table uptrends.sla is
  'One row per SLA definition (GET /Sla): thresholds only. The API exposes neither the SLA schedule nor which monitors use which SLA (statistics carry the SLA target per bucket).';
comment on column uptrends.sla.account_id is 'Account of the SLA.';
comment on column uptrends.sla.sla_guid is 'SLA GUID (SlaGuid).';
comment on column uptrends.sla.description is 'SLA name.';
comment on column uptrends.sla.uptime_error_threshold is 'Uptime percentage below which the SLA is breached (red), e.g. 99.0.';
comment on column uptrends.sla.uptime_warning_threshold is 'Uptime percentage below which the SLA is at risk (yellow), e.g. 99.5.';
comment on column uptrends.sla.load_time_error_threshold is 'Maximum page load time agreed in the SLA (unit as configured in Uptrends; not documented by the API).';
comment on column uptrends.sla.operator_response_time_threshold is 'Maximum time from alert to operator acknowledgement agreed in the SLA (API field OperatorReponseTimeThreshold, sic; unit not documented by the API).';
comment on column uptrends.sla.api_hash is 'Uptrends'' own Hash of the SLA.';
comment on column uptrends.sla.raw is 'SLA record as received.';
comment on column uptrends.sla.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.sla.first_seen_at is 'When a sync first saw this SLA (UTC).';
comment on column uptrends.sla.last_seen_at is 'When a sync last saw this SLA (UTC).';
comment on column uptrends.sla.deleted_at is 'When a sync first found the SLA gone (UTC); null while it exists.';

create table uptrends.sla_exclusion_period (
  account_id text not null,
  sla_guid uuid not null,
  exclusion_period_id integer not null,
  description text,
  from_at timestamptz,
  from_at_local timestamp,
  until_at timestamptz,
  until_at_local timestamp,
  api_hash text,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint sla_exclusion_period_pkey primary key (account_id, sla_guid, exclusion_period_id)
);

create index sla_exclusion_period_sla_from_idx on uptrends.sla_exclusion_period (sla_guid, from_at);

comment on table uptrends.sla_exclusion_period is
  'Periods excluded from an SLA''s figures (GET /Sla/{guid}/ExclusionPeriod), e.g. planned maintenance days. Defined in account time; stored as UTC instants plus the local wall clock.';
comment on column uptrends.sla_exclusion_period.account_id is 'Account of the SLA (part of the key: exclusion ids are integers, not global).';
comment on column uptrends.sla_exclusion_period.sla_guid is 'SLA GUID; joins sla.';
comment on column uptrends.sla_exclusion_period.exclusion_period_id is 'Uptrends id of the exclusion period (ExclusionPeriodId).';
comment on column uptrends.sla_exclusion_period.description is 'Description of the exclusion.';
comment on column uptrends.sla_exclusion_period.from_at is 'Start of the excluded period (UTC instant of From).';
comment on column uptrends.sla_exclusion_period.from_at_local is 'From as sent, account-local wall clock.';
comment on column uptrends.sla_exclusion_period.until_at is 'End of the excluded period (UTC instant of Until).';
comment on column uptrends.sla_exclusion_period.until_at_local is 'Until as sent, account-local wall clock.';
comment on column uptrends.sla_exclusion_period.api_hash is 'Uptrends'' own Hash of the period.';
comment on column uptrends.sla_exclusion_period.raw is 'Exclusion period record as received.';
comment on column uptrends.sla_exclusion_period.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.sla_exclusion_period.first_seen_at is 'When a sync first saw this period (UTC).';
comment on column uptrends.sla_exclusion_period.last_seen_at is 'When a sync last saw this period (UTC).';
comment on column uptrends.sla_exclusion_period.deleted_at is 'When a sync first found the period removed (UTC); null while it exists.';

-- maintenance_period --------------------------------------------------------------------------

create table uptrends.maintenance_period (
  account_id text not null,
  monitor_guid uuid not null,
  maintenance_period_id integer not null,
  schedule_mode text not null,
  maintenance_type text not null,
  description text,
  start_at timestamptz,
  start_at_local timestamp,
  end_at timestamptz,
  end_at_local timestamp,
  start_time time,
  end_time time,
  week_day text,
  month_day smallint,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint maintenance_period_pkey primary key (account_id, monitor_guid, maintenance_period_id)
);

create index maintenance_period_monitor_idx on uptrends.maintenance_period (monitor_guid);
create index maintenance_period_start_idx on uptrends.maintenance_period (start_at);

comment on table uptrends.maintenance_period is
  'Maintenance periods of each monitor (GET /Monitor/{guid}/MaintenancePeriod), stored as defined: one-time periods with UTC instants, recurring ones (Daily, Weekly, Monthly) with account-local clock times. uptrends.maintenance_interval() expands them into concrete UTC intervals.';
comment on column uptrends.maintenance_period.account_id is 'Account of the monitor (part of the key: maintenance ids are integers, not global).';
comment on column uptrends.maintenance_period.monitor_guid is 'Monitor GUID; joins monitor.';
comment on column uptrends.maintenance_period.maintenance_period_id is 'Uptrends id of the period (Id).';
comment on column uptrends.maintenance_period.schedule_mode is 'OneTime, Daily, Weekly or Monthly (unknown values kept, and not expanded).';
comment on column uptrends.maintenance_period.maintenance_type is 'DisableMonitoring (no checks: excluded from uptime) or DisableNotifications (checks run, no alerts).';
comment on column uptrends.maintenance_period.description is 'Description of the period, when sent.';
comment on column uptrends.maintenance_period.start_at is 'OneTime only: start (UTC instant of StartDateTime).';
comment on column uptrends.maintenance_period.start_at_local is 'OneTime only: StartDateTime as sent, account-local wall clock.';
comment on column uptrends.maintenance_period.end_at is 'OneTime only: end (UTC instant of EndDateTime).';
comment on column uptrends.maintenance_period.end_at_local is 'OneTime only: EndDateTime as sent, account-local wall clock.';
comment on column uptrends.maintenance_period.start_time is 'Recurring only: account-local start time of day (StartTime).';
comment on column uptrends.maintenance_period.end_time is 'Recurring only: account-local end time of day (EndTime); an end_time <= start_time ends on the next day.';
comment on column uptrends.maintenance_period.week_day is 'Weekly only: day of the week (Sunday ... Saturday).';
comment on column uptrends.maintenance_period.month_day is 'Monthly only: day of the month 1-31; months without that day have no maintenance.';
comment on column uptrends.maintenance_period.raw is 'Maintenance period record as received.';
comment on column uptrends.maintenance_period.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.maintenance_period.first_seen_at is 'When a sync first saw this period (UTC).';
comment on column uptrends.maintenance_period.last_seen_at is 'When a sync last saw this period (UTC).';
comment on column uptrends.maintenance_period.deleted_at is 'When a sync first found the period removed (UTC); null while it exists.';

-- operators -----------------------------------------------------------------------------------

create table uptrends.operator (
  account_id text not null,
  operator_guid uuid not null,
  full_name text,
  email text,
  is_account_administrator boolean,
  is_on_duty boolean,
  culture_name text,
  time_zone_id integer,
  sms_provider text,
  phone_provider text,
  allow_native_login boolean,
  allow_single_signon boolean,
  operator_role text,
  api_hash text,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint operator_pkey primary key (operator_guid)
);

comment on table uptrends.operator is
  'One row per operator (user) of the account (GET /Operator). Passwords are never extracted; phone numbers and backup e-mail stay in raw only.';
comment on column uptrends.operator.account_id is 'Account of the operator.';
comment on column uptrends.operator.operator_guid is 'Operator GUID (OperatorGuid).';
comment on column uptrends.operator.full_name is 'Full name.';
comment on column uptrends.operator.email is 'Primary e-mail address, also the login name.';
comment on column uptrends.operator.is_account_administrator is 'True for the account administrator.';
comment on column uptrends.operator.is_on_duty is 'True when the operator is on duty (receives alerts) at the time of the sync.';
comment on column uptrends.operator.culture_name is 'Language/culture (en-US, nl-NL, ...); null means the account''s language.';
comment on column uptrends.operator.time_zone_id is 'Operator''s own Uptrends time zone id (joins timezone); null means the account zone.';
comment on column uptrends.operator.sms_provider is 'SMS provider setting (UseAccountSetting, SmsProviderEurope, ...).';
comment on column uptrends.operator.phone_provider is 'Phone alert provider setting.';
comment on column uptrends.operator.allow_native_login is 'True when the operator may sign in with a password; null = account setting.';
comment on column uptrends.operator.allow_single_signon is 'True when the operator may sign in with SSO; null = account setting.';
comment on column uptrends.operator.operator_role is 'Operator role, when the API sends it (newer accounts).';
comment on column uptrends.operator.api_hash is 'Uptrends'' own Hash of the operator.';
comment on column uptrends.operator.raw is 'Operator record as received, password removed.';
comment on column uptrends.operator.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.operator.first_seen_at is 'When a sync first saw this operator (UTC).';
comment on column uptrends.operator.last_seen_at is 'When a sync last saw this operator (UTC).';
comment on column uptrends.operator.deleted_at is 'When a sync first found the operator gone (UTC); null while they exist.';

create table uptrends.operator_group (
  account_id text not null,
  operator_group_guid uuid not null,
  description text,
  is_everyone boolean,
  is_administrators_group boolean,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint operator_group_pkey primary key (operator_group_guid)
);

comment on table uptrends.operator_group is 'One row per operator group (GET /OperatorGroup), system groups Everyone and Administrators included.';
comment on column uptrends.operator_group.account_id is 'Account of the group.';
comment on column uptrends.operator_group.operator_group_guid is 'Operator group GUID (OperatorGroupGuid).';
comment on column uptrends.operator_group.description is 'Group name.';
comment on column uptrends.operator_group.is_everyone is 'True for the system group Everyone (all operators, automatically).';
comment on column uptrends.operator_group.is_administrators_group is 'True for the system group Administrators (members have all administrative rights).';
comment on column uptrends.operator_group.raw is 'Operator group record as received.';
comment on column uptrends.operator_group.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.operator_group.first_seen_at is 'When a sync first saw this group (UTC).';
comment on column uptrends.operator_group.last_seen_at is 'When a sync last saw this group (UTC).';
comment on column uptrends.operator_group.deleted_at is 'When a sync first found the group gone (UTC); null while it exists.';

create table uptrends.operator_group_member (
  account_id text not null,
  operator_group_guid uuid not null,
  operator_guid uuid not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint operator_group_member_pkey primary key (operator_group_guid, operator_guid)
);

create index operator_group_member_operator_idx on uptrends.operator_group_member (operator_guid);

comment on table uptrends.operator_group_member is 'Membership of operators in operator groups (GET /OperatorGroup/{guid}/Member): one row per group and operator.';
comment on column uptrends.operator_group_member.account_id is 'Account of the group.';
comment on column uptrends.operator_group_member.operator_group_guid is 'Operator group GUID; joins operator_group.';
comment on column uptrends.operator_group_member.operator_guid is 'Operator GUID; joins operator.';
comment on column uptrends.operator_group_member.run_id is 'etl_run id of the run that last saw this membership.';
comment on column uptrends.operator_group_member.first_seen_at is 'When a sync first saw the operator in the group (UTC).';
comment on column uptrends.operator_group_member.last_seen_at is 'When a sync last saw the operator in the group (UTC).';
comment on column uptrends.operator_group_member.deleted_at is 'When a sync first found the operator no longer in the group (UTC); null while a member.';

-- public_status_page --------------------------------------------------------------------------

create table uptrends.public_status_page (
  account_id text not null,
  public_status_page_guid uuid not null,
  name text,
  is_published boolean,
  preset_period_type text,
  sla_guid uuid,
  monitor_guids uuid[] not null default '{}'::uuid[],
  monitor_group_guids uuid[] not null default '{}'::uuid[],
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint public_status_page_pkey primary key (public_status_page_guid)
);

create index public_status_page_monitors_idx on uptrends.public_status_page using gin (monitor_guids);
create index public_status_page_groups_idx on uptrends.public_status_page using gin (monitor_group_guids);

comment on table uptrends.public_status_page is
  'One row per public status page (GET /PublicStatusPage) with the monitors and monitor groups it shows, as uuid arrays (unnest them to join).';
comment on column uptrends.public_status_page.account_id is 'Account of the page.';
comment on column uptrends.public_status_page.public_status_page_guid is 'Status page GUID (PublicDashboardGuid in the API).';
comment on column uptrends.public_status_page.name is 'Page name.';
comment on column uptrends.public_status_page.is_published is 'True when the page is publicly reachable.';
comment on column uptrends.public_status_page.preset_period_type is 'Period the page shows (PresetPeriodType as sent, e.g. Last30Days).';
comment on column uptrends.public_status_page.sla_guid is 'SLA whose targets the page shows; null when none.';
comment on column uptrends.public_status_page.monitor_guids is 'Monitors shown on the page (MonitorGuids), distinct; join with unnest(monitor_guids).';
comment on column uptrends.public_status_page.monitor_group_guids is 'Monitor groups shown on the page (MonitorGroupGuids), distinct.';
comment on column uptrends.public_status_page.raw is 'Status page record as received (colours, banner texts, sorting under CustomizationInfo).';
comment on column uptrends.public_status_page.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.public_status_page.first_seen_at is 'When a sync first saw this page (UTC).';
comment on column uptrends.public_status_page.last_seen_at is 'When a sync last saw this page (UTC).';
comment on column uptrends.public_status_page.deleted_at is 'When a sync first found the page gone (UTC); null while it exists.';

-- functions -----------------------------------------------------------------------------------

-- The same DST policy as src/transform/local-time.ts (PostgreSQL's own "timestamp at time zone"
-- picks the LATER instant of a repeated autumn hour; the ETL picks the earlier one, so every
-- stored *_at and every expanded interval must use this function instead).
create function uptrends.local_to_utc(p_local timestamp, p_zone text)
returns timestamptz
language plpgsql
stable
strict
as $$
declare
  -- The instant read with the offset in force a day before, and with the one a day after: in a
  -- repeated hour both exist and the first (larger offset) is the earlier one.
  v_early timestamptz := (
    p_local - (((p_local - interval '1 day') at time zone 'UTC' at time zone p_zone) - (p_local - interval '1 day'))
  ) at time zone 'UTC';
  v_late timestamptz := (
    p_local - (((p_local + interval '1 day') at time zone 'UTC' at time zone p_zone) - (p_local + interval '1 day'))
  ) at time zone 'UTC';
begin
  if (v_early at time zone p_zone) = p_local then
    return v_early;
  end if;
  if (v_late at time zone p_zone) = p_local then
    return v_late;
  end if;
  -- In a spring gap neither exists: read the time with the offset before the gap, which moves it
  -- forward by the gap's length. (plpgsql, not sql: measured 3x faster on PGlite for the
  -- hundreds of thousands of calls of a year of maintenance_interval.)
  return v_early;
end
$$;

comment on function uptrends.local_to_utc(timestamp, text) is
  'UTC instant of an account-local wall-clock time in an IANA zone, with the ETL''s DST policy: a repeated (autumn) time is the earlier instant; a time in the spring gap moves forward by the gap (02:30 in a 02:00->03:00 gap is 03:30). Example: uptrends.local_to_utc(''2025-10-26 02:30'', ''Europe/Amsterdam'') = 2025-10-26 00:30 UTC.';

create function uptrends.maintenance_interval(p_account_id text, p_from date, p_to date)
returns table (
  monitor_guid uuid,
  maintenance_period_id integer,
  maintenance_type text,
  start_at timestamptz,
  end_at timestamptz
)
language sql
stable
as $$
  with bounds as (
    select
      a.iana_zone as zone,
      uptrends.local_to_utc(p_from::timestamp, a.iana_zone) as range_start,
      uptrends.local_to_utc((p_to + 1)::timestamp, a.iana_zone) as range_end
    from uptrends.account a
    where a.account_id = p_account_id
  ),
  periods as (
    select mp.*
    from uptrends.maintenance_period mp
    where mp.account_id = p_account_id and mp.deleted_at is null
  ),
  one_time as (
    select p.monitor_guid, p.maintenance_period_id, p.maintenance_type, p.start_at, p.end_at
    from periods p
    where p.schedule_mode = 'OneTime' and p.start_at is not null and p.end_at is not null
  ),
  -- The day before the range too: a period starting late that day may run past midnight.
  days as (
    select d::date as day
    from generate_series((p_from - 1)::timestamp, p_to::timestamp, interval '1 day') as d
  ),
  recurring as (
    select
      p.monitor_guid,
      p.maintenance_period_id,
      p.maintenance_type,
      uptrends.local_to_utc(d.day + p.start_time, b.zone) as start_at,
      uptrends.local_to_utc(
        (d.day + p.end_time) + case when p.end_time <= p.start_time then interval '1 day' else interval '0 days' end,
        b.zone
      ) as end_at
    from periods p
    cross join days d
    cross join bounds b
    where p.start_time is not null
      and p.end_time is not null
      and (
        p.schedule_mode = 'Daily'
        or (
          p.schedule_mode = 'Weekly'
          and array_position(
            array['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']::text[],
            lower(p.week_day)
          ) - 1 = extract(dow from d.day)::integer
        )
        -- A MonthDay the month does not have (31 in April) matches no day: that month is skipped.
        or (p.schedule_mode = 'Monthly' and extract(day from d.day)::integer = p.month_day::integer)
      )
  ),
  expanded as (
    select * from one_time
    union all
    select * from recurring
  )
  select
    e.monitor_guid,
    e.maintenance_period_id,
    e.maintenance_type,
    greatest(e.start_at, b.range_start) as start_at,
    least(e.end_at, b.range_end) as end_at
  from expanded e
  cross join bounds b
  where greatest(e.start_at, b.range_start) < least(e.end_at, b.range_end)
  order by e.monitor_guid, start_at, e.maintenance_period_id
$$;

comment on function uptrends.maintenance_interval(text, date, date) is
  'Concrete maintenance intervals of an account''s monitors for the account-local dates p_from..p_to (both inclusive): one-time periods as stored, Daily/Weekly/Monthly periods expanded per local day in account.iana_zone (end_time <= start_time ends the next day; a month without month_day is skipped), clipped to [p_from 00:00, p_to + 1 00:00) local, empty intervals dropped. Soft-deleted periods are ignored. Example: select * from uptrends.maintenance_interval(''123456'', date ''2025-03-01'', date ''2025-03-31'') where maintenance_type = ''DisableMonitoring''.';
