-- Alerts, incidents and monitor statistics, and the analyst views built on them.
--
-- alert holds every alert record as the API sent it (merged on alert_id); incident is derived
-- from alert by uptrends.refresh_incidents() for the (monitor, incident key) pairs a window
-- touched, never by a full scan; monitor_statistics keeps every statistics bucket the API
-- returned, whatever its size. The views pick one granularity per monitor and local day, so
-- hourly and daily buckets of the same day are never counted twice.
--
-- Plain tables, not partitioned by month: declarative partitioning needs the partition key in
-- every unique key (alert_id alone could no longer be the primary key) and new partitions each
-- month; an index on raised_at serves the month-sized scans of the reports. Revisit past ~50
-- million alerts.

-- alert ---------------------------------------------------------------------------------------

create table uptrends.alert (
  alert_id uuid not null,
  account_id text not null,
  monitor_guid uuid not null,
  alert_type text not null,
  raised_at timestamptz not null,
  raised_at_local timestamp not null,
  first_error_at timestamptz,
  first_error_at_local timestamp,
  monitor_check_id bigint,
  first_error_monitor_check_id bigint,
  error_description text,
  error_message text,
  incident_key text not null,
  incident_key_derived boolean not null,
  raw jsonb not null,
  run_id bigint not null,
  loaded_at timestamptz not null default now(),
  constraint alert_pkey primary key (alert_id)
);

create index alert_monitor_incident_idx on uptrends.alert (monitor_guid, incident_key);
create index alert_raised_at_idx on uptrends.alert (raised_at);
create index alert_account_raised_at_idx on uptrends.alert (account_id, raised_at);

comment on table uptrends.alert is
  'One row per alert record (GET /Alert/MonitorGroup/{guid} with IncludeReminders=true), merged on alert_id so re-reading a window changes nothing. Error opens an incident, Reminder repeats it, Ok ends it; the alerts of one monitor sharing incident_key form one row of uptrends.incident.';
comment on column uptrends.alert.alert_id is 'Alert Id (GUID, lower case).';
comment on column uptrends.alert.account_id is 'Account the alert belongs to.';
comment on column uptrends.alert.monitor_guid is 'Monitor that raised the alert (MonitorGuid, lower case); joins monitor.';
comment on column uptrends.alert.alert_type is 'AlertType as sent: Error (first alert of an incident), Reminder (repeated while the error lasts), Ok (recovery: ends the incident); any other value the service sends is kept.';
comment on column uptrends.alert.raised_at is 'When the alert was raised (Timestamp) as a UTC instant. For an Ok alert: when the monitor recovered.';
comment on column uptrends.alert.raised_at_local is 'Timestamp as sent, account-local wall clock.';
comment on column uptrends.alert.first_error_at is 'First error check of the incident (FirstError) as a UTC instant: the incident start, repeated on every alert of the incident. Null when the service sent no date.';
comment on column uptrends.alert.first_error_at_local is 'FirstError as sent, account-local wall clock.';
comment on column uptrends.alert.monitor_check_id is 'Monitor check that triggered this alert (MonitorCheckId); for an Ok alert the successful check.';
comment on column uptrends.alert.first_error_monitor_check_id is 'First error check of the incident (FirstErrorMonitorCheckId).';
comment on column uptrends.alert.error_description is 'ErrorDescription exactly as sent ("OK" on Ok alerts). Text from the monitored site: untrusted, sanitise before showing it in a spreadsheet.';
comment on column uptrends.alert.error_message is 'ErrorMessage exactly as sent (optional extra detail); null when absent.';
comment on column uptrends.alert.incident_key is 'IncidentKey as sent, shared by the Error, Reminder and Ok alerts of one incident. When the service sends none, derived:<first_error_monitor_check_id> (see incident_key_derived).';
comment on column uptrends.alert.incident_key_derived is 'True when the service sent no IncidentKey and incident_key was derived from FirstErrorMonitorCheckId, which all alerts of one incident share.';
comment on column uptrends.alert.raw is 'Alert record as received, secrets removed (credentials in URLs inside error texts are redacted here, not in the typed columns).';
comment on column uptrends.alert.run_id is 'etl_run id of the run that last changed this row.';
comment on column uptrends.alert.loaded_at is 'When this alert was first inserted (database clock).';

-- incident ------------------------------------------------------------------------------------

create table uptrends.incident (
  account_id text not null,
  monitor_guid uuid not null,
  incident_key text not null,
  started_at timestamptz not null,
  started_at_local timestamp,
  ended_at timestamptz,
  ended_at_local timestamp,
  duration_seconds integer,
  alert_count integer not null,
  reminder_count integer not null,
  first_error_description text,
  first_error_monitor_check_id bigint,
  last_monitor_check_id bigint,
  last_alert_at timestamptz not null,
  run_id bigint not null,
  constraint incident_pkey primary key (monitor_guid, incident_key)
);

create index incident_monitor_started_idx on uptrends.incident (monitor_guid, started_at);
create index incident_account_started_idx on uptrends.incident (account_id, started_at);
-- The uptime views look incidents up by start; these two cover the few that start long before.
create index incident_ongoing_idx on uptrends.incident (account_id, started_at) where ended_at is null;
create index incident_long_idx on uptrends.incident (account_id, started_at) where duration_seconds > 604800;

comment on table uptrends.incident is
  'One row per incident: the alerts of one monitor sharing an IncidentKey. Derived from uptrends.alert by uptrends.refresh_incidents() for the keys each loaded window touched; a row whose alerts are all gone is removed. Ongoing while ended_at is null.';
comment on column uptrends.incident.account_id is 'Account the monitor belongs to.';
comment on column uptrends.incident.monitor_guid is 'Monitor GUID; joins monitor.';
comment on column uptrends.incident.incident_key is 'IncidentKey shared by the incident''s alerts (alert.incident_key).';
comment on column uptrends.incident.started_at is 'Incident start: the earliest FirstError of its alerts (UTC instant); the earliest alert Timestamp when no alert carries a FirstError.';
comment on column uptrends.incident.started_at_local is 'started_at as the account-local wall clock the service sent.';
comment on column uptrends.incident.ended_at is 'Incident end: Timestamp of its Ok alert (the earliest, if several); null while ongoing.';
comment on column uptrends.incident.ended_at_local is 'ended_at as the account-local wall clock the service sent; null while ongoing.';
comment on column uptrends.incident.duration_seconds is 'ended_at - started_at in seconds; null while ongoing.';
comment on column uptrends.incident.alert_count is 'Every alert of the incident: Error, Reminder and Ok (reminders count towards the alert total, reporting rules). alert_count - reminder_count is what IncludeReminders=false returns.';
comment on column uptrends.incident.reminder_count is 'Reminder alerts of the incident.';
comment on column uptrends.incident.first_error_description is 'ErrorDescription of the incident''s earliest non-Ok alert, as sent (untrusted text).';
comment on column uptrends.incident.first_error_monitor_check_id is 'FirstErrorMonitorCheckId of the alert with the earliest FirstError: the check that started the incident.';
comment on column uptrends.incident.last_monitor_check_id is 'MonitorCheckId of the latest alert (the recovering check once the Ok alert is in).';
comment on column uptrends.incident.last_alert_at is 'Timestamp of the latest alert of the incident (UTC instant).';
comment on column uptrends.incident.run_id is 'etl_run id of the run whose refresh last changed this row.';

-- monitor_statistics --------------------------------------------------------------------------

create table uptrends.monitor_statistics (
  account_id text not null,
  monitor_guid uuid not null,
  bucket_start_at timestamptz not null,
  bucket_end_at timestamptz not null,
  bucket_start_local timestamp not null,
  bucket_end_local timestamp not null,
  bucket_id_text text,
  checks bigint,
  confirmed_errors integer,
  unconfirmed_errors integer,
  uptime_seconds bigint,
  downtime_seconds bigint,
  uptime_percentage double precision,
  downtime_percentage double precision,
  sla_target double precision,
  sla_target_total_time double precision,
  operator_response_target double precision,
  operator_response_time double precision,
  alerts integer,
  total_time double precision,
  resolve_time double precision,
  connection_time double precision,
  download_time double precision,
  total_bytes bigint,
  raw jsonb not null,
  run_id bigint not null,
  constraint monitor_statistics_pkey primary key (monitor_guid, bucket_start_at, bucket_end_at),
  constraint monitor_statistics_bucket_order check (bucket_end_at > bucket_start_at)
);

create index monitor_statistics_account_start_idx on uptrends.monitor_statistics (account_id, bucket_start_at);

comment on table uptrends.monitor_statistics is
  'One row per statistics bucket the API returned for a monitor (GET /Statistics/Monitor/{guid}). The service picks the bucket size from the requested period (hours for a day, days for longer periods), so buckets of different sizes for the same time may coexist: sum them only through v_monitor_uptime_daily / v_monitor_uptime_monthly, which pick one per day.';
comment on column uptrends.monitor_statistics.account_id is 'Account the monitor belongs to.';
comment on column uptrends.monitor_statistics.monitor_guid is 'Monitor GUID; joins monitor.';
comment on column uptrends.monitor_statistics.bucket_start_at is 'Bucket start (StartDateTime) as a UTC instant. In the repeated autumn hour the second of two hourly buckets with the same StartDateTime starts at the later instant.';
comment on column uptrends.monitor_statistics.bucket_end_at is 'Bucket end (EndDateTime, exclusive) as a UTC instant; an end that would not be after the start (first pass of a repeated autumn hour) is the later instant.';
comment on column uptrends.monitor_statistics.bucket_start_local is 'StartDateTime as sent, account-local wall clock.';
comment on column uptrends.monitor_statistics.bucket_end_local is 'EndDateTime as sent, account-local wall clock.';
comment on column uptrends.monitor_statistics.bucket_id_text is 'The bucket Id as sent: its local start in US culture text (10/13/2025 8:00:00 PM). Not unique in a repeated hour; use the bucket columns instead.';
comment on column uptrends.monitor_statistics.checks is 'Checks performed in the bucket (Checks).';
comment on column uptrends.monitor_statistics.confirmed_errors is 'Confirmed errors (ConfirmedErrors): errors confirmed by a re-check; only these raise alerts.';
comment on column uptrends.monitor_statistics.unconfirmed_errors is 'Unconfirmed errors (UnconfirmedErrors): errors a re-check did not confirm.';
comment on column uptrends.monitor_statistics.uptime_seconds is 'Seconds up in the bucket (Uptime; paused time counts as up, DisableMonitoring maintenance is excluded).';
comment on column uptrends.monitor_statistics.downtime_seconds is 'Seconds down in the bucket (Downtime): from the first confirmed error to the next OK check.';
comment on column uptrends.monitor_statistics.uptime_percentage is 'UptimePercentage as sent (0-100); null when the bucket had no monitored time. Do not average: sum uptime_seconds and downtime_seconds instead.';
comment on column uptrends.monitor_statistics.downtime_percentage is 'DowntimePercentage as sent (0-100).';
comment on column uptrends.monitor_statistics.sla_target is 'SlaTarget as sent: the uptime target (percent) of the SLA applying to the monitor; null when none applies.';
comment on column uptrends.monitor_statistics.sla_target_total_time is 'SlaTargetTotalTime as sent (load-time target of the SLA).';
comment on column uptrends.monitor_statistics.operator_response_target is 'OperatorResponseTarget as sent (SLA operator response target).';
comment on column uptrends.monitor_statistics.operator_response_time is 'OperatorResponseTime as sent.';
comment on column uptrends.monitor_statistics.alerts is 'Alerts raised in the bucket (Alerts).';
comment on column uptrends.monitor_statistics.total_time is 'Average total response time in SECONDS (TotalTime; checks and status report milliseconds, statistics seconds).';
comment on column uptrends.monitor_statistics.resolve_time is 'Average DNS resolve time in seconds (ResolveTime).';
comment on column uptrends.monitor_statistics.connection_time is 'Average connection time in seconds (ConnectionTime).';
comment on column uptrends.monitor_statistics.download_time is 'Average download time in seconds (DownloadTime).';
comment on column uptrends.monitor_statistics.total_bytes is 'Average bytes downloaded per check (TotalBytes).';
comment on column uptrends.monitor_statistics.raw is 'Statistics record as received.';
comment on column uptrends.monitor_statistics.run_id is 'etl_run id of the run that last changed this row.';

-- refresh_incidents ---------------------------------------------------------------------------

-- Two parallel arrays rather than a composite-type array: both drivers pass plain arrays as
-- parameters without a custom type, on PGlite as on a server.
create function uptrends.refresh_incidents(p_monitor_guids uuid[], p_incident_keys text[], p_run_id bigint)
returns integer
language plpgsql
volatile
as $$
declare
  v_written integer;
  v_deleted integer;
begin
  if coalesce(cardinality(p_monitor_guids), 0) <> coalesce(cardinality(p_incident_keys), 0) then
    raise exception 'refresh_incidents: % monitor guids but % incident keys',
      coalesce(cardinality(p_monitor_guids), 0), coalesce(cardinality(p_incident_keys), 0);
  end if;

  -- One index probe per pair (the lateral join on monitor_guid and incident_key): the cost
  -- follows the number of keys a window touched, never the size of the alert table.
  with pairs as (
    select distinct p.monitor_guid, p.incident_key
    from unnest(p_monitor_guids, p_incident_keys) as p (monitor_guid, incident_key)
    where p.monitor_guid is not null and p.incident_key is not null
  ),
  computed as (
    select
      s.account_id,
      p.monitor_guid,
      p.incident_key,
      s.started_at,
      s.started_at_local,
      s.ended_at,
      s.ended_at_local,
      (extract(epoch from s.ended_at - s.started_at))::integer as duration_seconds,
      s.alert_count,
      s.reminder_count,
      s.first_error_description,
      s.first_error_monitor_check_id,
      s.last_monitor_check_id,
      s.last_alert_at
    from pairs p
    cross join lateral (
      select
        min(a.account_id) as account_id,
        min(coalesce(a.first_error_at, a.raised_at)) as started_at,
        (array_agg(coalesce(a.first_error_at_local, a.raised_at_local)
          order by coalesce(a.first_error_at, a.raised_at), a.raised_at, a.alert_id))[1] as started_at_local,
        min(a.raised_at) filter (where a.alert_type = 'Ok') as ended_at,
        (array_agg(a.raised_at_local order by a.raised_at, a.alert_id) filter (where a.alert_type = 'Ok'))[1]
          as ended_at_local,
        count(*)::integer as alert_count,
        (count(*) filter (where a.alert_type = 'Reminder'))::integer as reminder_count,
        (array_agg(a.error_description order by a.raised_at, a.alert_id) filter (where a.alert_type <> 'Ok'))[1]
          as first_error_description,
        (array_agg(a.first_error_monitor_check_id
          order by coalesce(a.first_error_at, a.raised_at), a.raised_at, a.alert_id))[1] as first_error_monitor_check_id,
        (array_agg(a.monitor_check_id order by a.raised_at desc, a.alert_id desc))[1] as last_monitor_check_id,
        max(a.raised_at) as last_alert_at
      from uptrends.alert a
      where a.monitor_guid = p.monitor_guid and a.incident_key = p.incident_key
      having count(*) > 0
    ) s
  )
  insert into uptrends.incident as i (
    account_id, monitor_guid, incident_key, started_at, started_at_local, ended_at, ended_at_local,
    duration_seconds, alert_count, reminder_count, first_error_description, first_error_monitor_check_id,
    last_monitor_check_id, last_alert_at, run_id
  )
  select
    c.account_id, c.monitor_guid, c.incident_key, c.started_at, c.started_at_local, c.ended_at, c.ended_at_local,
    c.duration_seconds, c.alert_count, c.reminder_count, c.first_error_description, c.first_error_monitor_check_id,
    c.last_monitor_check_id, c.last_alert_at, p_run_id
  from computed c
  on conflict (monitor_guid, incident_key) do update set
    account_id = excluded.account_id,
    started_at = excluded.started_at,
    started_at_local = excluded.started_at_local,
    ended_at = excluded.ended_at,
    ended_at_local = excluded.ended_at_local,
    duration_seconds = excluded.duration_seconds,
    alert_count = excluded.alert_count,
    reminder_count = excluded.reminder_count,
    first_error_description = excluded.first_error_description,
    first_error_monitor_check_id = excluded.first_error_monitor_check_id,
    last_monitor_check_id = excluded.last_monitor_check_id,
    last_alert_at = excluded.last_alert_at,
    run_id = excluded.run_id
  -- An unchanged incident keeps its row and its run_id, like every merge of the warehouse.
  where (
    i.account_id, i.started_at, i.started_at_local, i.ended_at, i.ended_at_local, i.duration_seconds,
    i.alert_count, i.reminder_count, i.first_error_description, i.first_error_monitor_check_id,
    i.last_monitor_check_id, i.last_alert_at
  ) is distinct from (
    excluded.account_id, excluded.started_at, excluded.started_at_local, excluded.ended_at,
    excluded.ended_at_local, excluded.duration_seconds, excluded.alert_count, excluded.reminder_count,
    excluded.first_error_description, excluded.first_error_monitor_check_id, excluded.last_monitor_check_id,
    excluded.last_alert_at
  );
  get diagnostics v_written = row_count;

  delete from uptrends.incident i
  using (
    select distinct p.monitor_guid, p.incident_key
    from unnest(p_monitor_guids, p_incident_keys) as p (monitor_guid, incident_key)
  ) p
  where i.monitor_guid = p.monitor_guid
    and i.incident_key = p.incident_key
    and not exists (
      select 1 from uptrends.alert a where a.monitor_guid = p.monitor_guid and a.incident_key = p.incident_key
    );
  get diagnostics v_deleted = row_count;

  return v_written + v_deleted;
end
$$;

comment on function uptrends.refresh_incidents(uuid[], text[], bigint) is
  'Recomputes the incident rows of exactly the given (monitor, incident key) pairs (element i of both arrays forms pair i) from uptrends.alert: inserts new incidents, updates changed ones (stamping p_run_id), leaves unchanged ones untouched and deletes an incident whose alerts are all gone. Returns the number of incident rows inserted, changed or deleted. Reads only the alerts of those pairs, through the (monitor_guid, incident_key) index. Example: select uptrends.refresh_incidents(array[''1d2f5fac-730c-45b0-a077-4ab82aaee14e'']::uuid[], array[''key-1''], 17).';

-- views ---------------------------------------------------------------------------------------

-- Length of a set of time ranges in seconds (0 for null or empty); used by the uptime views.
create function uptrends.multirange_seconds(p_ranges tstzmultirange)
returns double precision
language sql
immutable
as $$
  select coalesce(sum(extract(epoch from upper(r) - lower(r)))::double precision, 0)
  from unnest(p_ranges) as r
$$;

comment on function uptrends.multirange_seconds(tstzmultirange) is
  'Total length in seconds of the ranges of a tstzmultirange (0 for null or empty). The ranges of a multirange never overlap, so nothing is counted twice. Example: uptrends.multirange_seconds(range_agg(tstzrange(start_at, end_at))).';

create view uptrends.v_incident as
select
  i.account_id,
  i.monitor_guid,
  m.name as monitor_name,
  m.monitor_type,
  g.group_names,
  i.incident_key,
  i.started_at,
  i.started_at_local,
  i.ended_at,
  i.ended_at_local,
  i.ended_at is null as ongoing,
  i.duration_seconds,
  i.alert_count,
  i.reminder_count,
  i.first_error_description,
  i.first_error_monitor_check_id,
  i.last_monitor_check_id,
  i.last_alert_at,
  a.iana_zone,
  i.run_id
from uptrends.incident i
left join uptrends.monitor m on m.monitor_guid = i.monitor_guid
left join uptrends.account a on a.account_id = i.account_id
left join lateral (
  select string_agg(mg.description, ', ' order by mg.description) as group_names
  from uptrends.monitor_group_member gm
  join uptrends.monitor_group mg on mg.monitor_group_guid = gm.monitor_group_guid
  where gm.monitor_guid = i.monitor_guid
    and gm.deleted_at is null
    and mg.deleted_at is null
    and not mg.is_all
) g on true;

comment on view uptrends.v_incident is
  'Incidents with their monitor''s name and type, its monitor groups and the account zone. Times are UTC instants (*_at) and account-local wall clocks (*_local). Example: select monitor_name, started_at_local, duration_seconds / 60 as minutes from uptrends.v_incident where started_at >= now() - interval ''7 days'' order by started_at.';
comment on column uptrends.v_incident.account_id is 'Account of the monitor.';
comment on column uptrends.v_incident.monitor_guid is 'Monitor GUID.';
comment on column uptrends.v_incident.monitor_name is 'Monitor name (null when the monitor was never loaded).';
comment on column uptrends.v_incident.monitor_type is 'MonitorType of the monitor (Https, FullPageCheck, ...).';
comment on column uptrends.v_incident.group_names is 'Names of the monitor groups the monitor is in now, comma separated, alphabetical, without the built-in All Monitors group.';
comment on column uptrends.v_incident.incident_key is 'IncidentKey of the incident.';
comment on column uptrends.v_incident.started_at is 'Incident start (earliest FirstError), UTC instant.';
comment on column uptrends.v_incident.started_at_local is 'Incident start, account-local wall clock.';
comment on column uptrends.v_incident.ended_at is 'Timestamp of the Ok alert, UTC instant; null while ongoing.';
comment on column uptrends.v_incident.ended_at_local is 'Incident end, account-local wall clock; null while ongoing.';
comment on column uptrends.v_incident.ongoing is 'True while no Ok alert has been loaded for the incident.';
comment on column uptrends.v_incident.duration_seconds is 'Duration in seconds; null while ongoing.';
comment on column uptrends.v_incident.alert_count is 'Every alert of the incident (Error, Reminder, Ok).';
comment on column uptrends.v_incident.reminder_count is 'Reminder alerts of the incident.';
comment on column uptrends.v_incident.first_error_description is 'ErrorDescription of the first error alert, as sent (untrusted text).';
comment on column uptrends.v_incident.first_error_monitor_check_id is 'Monitor check that started the incident.';
comment on column uptrends.v_incident.last_monitor_check_id is 'Monitor check of the latest alert.';
comment on column uptrends.v_incident.last_alert_at is 'Latest alert of the incident, UTC instant.';
comment on column uptrends.v_incident.iana_zone is 'The account''s IANA zone: the zone of the *_local columns.';
comment on column uptrends.v_incident.run_id is 'Run that last changed the incident.';

-- Built so that a filter on day, month or account_id reaches the day list before any work: days
-- come from generate_series per account; maintenance and incidents are gathered once per account
-- and day for all its monitors, then joined to the monitors alive that day; statistics are one
-- primary-key probe per monitor and day. Measured: a month of 1,000 monitors with hourly buckets
-- in about 1.5 s on PostgreSQL 15 (docs/warehouse.md).
create view uptrends.v_monitor_uptime_daily as
select
  ad.account_id,
  ad.iana_zone,
  md.monitor_guid,
  md.monitor_name,
  ad.day,
  ad.month,
  ad.day_start_at,
  ad.day_end_at,
  extract(epoch from ad.day_end_at - ad.day_start_at)::integer as day_seconds,
  st.statistics_buckets,
  st.statistics_granularity,
  st.statistics_covered_seconds,
  st.statistics_uptime_seconds,
  st.statistics_downtime_seconds,
  100.0 * st.statistics_uptime_seconds
    / nullif(st.statistics_uptime_seconds + st.statistics_downtime_seconds, 0)::double precision
    as statistics_uptime_percentage,
  st.statistics_checks,
  st.statistics_confirmed_errors,
  st.statistics_unconfirmed_errors,
  st.statistics_alerts,
  st.sla_target,
  fig.monitored_seconds,
  fig.maintenance_seconds,
  fig.incident_downtime_seconds,
  100.0 * (1 - fig.incident_downtime_seconds / nullif(fig.monitored_seconds, 0)) as incident_uptime_percentage,
  coalesce(md.incident_count, 0) as incident_count,
  coalesce(md.incidents_started, 0) as incidents_started,
  case
    when st.statistics_uptime_seconds + st.statistics_downtime_seconds > 0 then
      100.0 * st.statistics_uptime_seconds
        / (st.statistics_uptime_seconds + st.statistics_downtime_seconds)::double precision
    else 100.0 * (1 - fig.incident_downtime_seconds / nullif(fig.monitored_seconds, 0))
  end as uptime_percentage,
  case
    when st.statistics_uptime_seconds + st.statistics_downtime_seconds > 0 then 'statistics'
    when fig.monitored_seconds > 0 then 'incidents'
  end as uptime_source
from (
  -- Grouped so the day bounds are computed once per account and day: a plain subquery would be
  -- flattened into the probes below and local_to_utc evaluated in each of them. Filters on day or
  -- month still reach generate_series (they only use grouping columns).
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
  group by a.account_id, a.iana_zone, d.d
) ad
cross join lateral (
  select
    m.monitor_guid,
    m.name as monitor_name,
    greatest(ad.day_start_at, m.created_at) as window_start,
    least(ad.day_end_at, m.deleted_at, now()) as window_end,
    mt.ranges as maintenance,
    inc.ranges as incidents,
    inc.incident_count,
    inc.incidents_started
  from uptrends.monitor m
  left join (
    -- DisableMonitoring only: DisableNotifications maintenance does not excuse downtime.
    select mi.monitor_guid, range_agg(tstzrange(mi.start_at, mi.end_at)) as ranges
    from uptrends.maintenance_interval(ad.account_id, ad.day, ad.day) mi
    where mi.maintenance_type = 'DisableMonitoring'
    group by mi.monitor_guid
  ) mt on mt.monitor_guid = m.monitor_guid
  left join (
    -- Incidents overlapping the day (ongoing ones until now), clipped to it and merged per monitor.
    -- Three probes keep the lookup bounded: incidents of up to 7 days must start in the 7 days
    -- before the day ends; the longer and the ongoing ones are few and have partial indexes.
    select
      i.monitor_guid,
      range_agg(tstzrange(greatest(i.started_at, ad.day_start_at), least(i.ends_at, ad.day_end_at))) as ranges,
      count(*)::integer as incident_count,
      (count(*) filter (where i.started_at >= ad.day_start_at))::integer as incidents_started
    from (
      select s.monitor_guid, s.started_at, s.ended_at as ends_at
      from uptrends.incident s
      where s.account_id = ad.account_id
        and s.duration_seconds <= 604800
        and s.started_at >= ad.day_start_at - interval '7 days'
        and s.started_at < ad.day_end_at
        and s.ended_at > ad.day_start_at
      union all
      select l.monitor_guid, l.started_at, l.ended_at
      from uptrends.incident l
      where l.account_id = ad.account_id
        and l.duration_seconds > 604800
        and l.started_at < ad.day_end_at
        and l.ended_at > ad.day_start_at
      union all
      select o.monitor_guid, o.started_at, now()
      from uptrends.incident o
      where o.account_id = ad.account_id
        and o.ended_at is null
        and o.started_at < ad.day_end_at
        and o.started_at < now()
    ) i
    where least(i.ends_at, ad.day_end_at) > greatest(i.started_at, ad.day_start_at)
    group by i.monitor_guid
  ) inc on inc.monitor_guid = m.monitor_guid
  where m.account_id = ad.account_id
    and greatest(ad.day_start_at, m.created_at) < least(ad.day_end_at, m.deleted_at, now())
) md
left join lateral (
  -- One granularity per monitor and day. A bucket is used when no bucket that starts earlier
  -- reaches into it and none with the same start is longer: a whole-day bucket thus wins over the
  -- hours it contains, the hours of a day without one are summed, and no second is counted twice.
  -- (Both windows follow the primary key's order, so the probe needs no sort.)
  select
    count(*)::integer as statistics_buckets,
    case
      when count(*) = 0 then null
      when count(*) = 1 and bool_and(k.bucket_start_at = ad.day_start_at and k.bucket_end_at = ad.day_end_at)
        then 'day'
      when bool_and(k.bucket_end_at - k.bucket_start_at <= interval '1 hour') then 'hour'
      else 'mixed'
    end as statistics_granularity,
    sum(extract(epoch from k.bucket_end_at - k.bucket_start_at))::integer as statistics_covered_seconds,
    sum(k.uptime_seconds) as statistics_uptime_seconds,
    sum(k.downtime_seconds) as statistics_downtime_seconds,
    sum(k.checks) as statistics_checks,
    sum(k.confirmed_errors) as statistics_confirmed_errors,
    sum(k.unconfirmed_errors) as statistics_unconfirmed_errors,
    sum(k.alerts) as statistics_alerts,
    max(k.sla_target) as sla_target
  from (
    select
      b.bucket_start_at,
      b.bucket_end_at,
      b.uptime_seconds,
      b.downtime_seconds,
      b.checks,
      b.confirmed_errors,
      b.unconfirmed_errors,
      b.alerts,
      b.sla_target,
      max(b.bucket_end_at) over (
        order by b.bucket_start_at
        range between unbounded preceding and interval '1 microsecond' preceding
      ) as earlier_end,
      max(b.bucket_end_at) over (partition by b.bucket_start_at) as longest_end
    from uptrends.monitor_statistics b
    where b.monitor_guid = md.monitor_guid
      and b.bucket_start_at >= ad.day_start_at
      and b.bucket_start_at < ad.day_end_at
      and b.bucket_end_at <= ad.day_end_at
  ) k
  where (k.earlier_end is null or k.earlier_end <= k.bucket_start_at) and k.bucket_end_at = k.longest_end
) st on true
cross join lateral (
  -- Most monitor-days have neither maintenance nor incidents: skip the range arithmetic for them.
  select
    case
      when md.maintenance is null then extract(epoch from md.window_end - md.window_start)::double precision
      else uptrends.multirange_seconds(tstzmultirange(tstzrange(md.window_start, md.window_end)) - md.maintenance)
    end as monitored_seconds,
    case
      when md.maintenance is null then 0::double precision
      else uptrends.multirange_seconds(tstzmultirange(tstzrange(md.window_start, md.window_end)) * md.maintenance)
    end as maintenance_seconds,
    case
      when md.incidents is null then 0::double precision
      else uptrends.multirange_seconds(
        md.incidents * tstzmultirange(tstzrange(md.window_start, md.window_end))
          - coalesce(md.maintenance, '{}'::tstzmultirange)
      )
    end as incident_downtime_seconds
) fig;

comment on view uptrends.v_monitor_uptime_daily is
  'Uptime per monitor and account-local day, from both sources side by side (definitions: docs/warehouse.md). statistics_*: the Statistics API (Uptime / (Uptime + Downtime)), one bucket granularity per day. incident_*: the union of the monitor''s incidents (ongoing ones until now) clipped to the day, minus DisableMonitoring maintenance, over the monitored time (the day, within the monitor''s life and until now, minus that maintenance). DST days have 23 or 25 hours. Rows start at the account''s first loaded alert or statistics bucket and end today. Filter on day or month: select * from uptrends.v_monitor_uptime_daily where month = date ''2025-03-01''.';
comment on column uptrends.v_monitor_uptime_daily.account_id is 'Account of the monitor.';
comment on column uptrends.v_monitor_uptime_daily.iana_zone is 'The account''s IANA zone, in which the day is counted.';
comment on column uptrends.v_monitor_uptime_daily.monitor_guid is 'Monitor GUID.';
comment on column uptrends.v_monitor_uptime_daily.monitor_name is 'Monitor name.';
comment on column uptrends.v_monitor_uptime_daily.day is 'Account-local calendar day.';
comment on column uptrends.v_monitor_uptime_daily.month is 'First day of the account-local month of day.';
comment on column uptrends.v_monitor_uptime_daily.day_start_at is 'Local midnight starting the day, UTC instant.';
comment on column uptrends.v_monitor_uptime_daily.day_end_at is 'Local midnight ending the day (exclusive), UTC instant.';
comment on column uptrends.v_monitor_uptime_daily.day_seconds is 'Length of the local day: 86400, or 82800 / 90000 on DST days.';
comment on column uptrends.v_monitor_uptime_daily.statistics_buckets is 'Statistics buckets used for the day (0 when none was loaded). Buckets running past the end of the day (monthly ones) are never used.';
comment on column uptrends.v_monitor_uptime_daily.statistics_granularity is 'Bucket size used: day (one bucket covering the whole local day), hour (buckets of an hour or less) or mixed; null without statistics.';
comment on column uptrends.v_monitor_uptime_daily.statistics_covered_seconds is 'Seconds of the day covered by the buckets used (less than day_seconds when buckets are missing).';
comment on column uptrends.v_monitor_uptime_daily.statistics_uptime_seconds is 'Sum of Uptime seconds of the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.statistics_downtime_seconds is 'Sum of Downtime seconds of the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.statistics_uptime_percentage is 'Uptime % (Uptrends): 100 x uptime / (uptime + downtime) seconds; null without monitored time.';
comment on column uptrends.v_monitor_uptime_daily.statistics_checks is 'Checks in the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.statistics_confirmed_errors is 'Confirmed errors in the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.statistics_unconfirmed_errors is 'Unconfirmed errors in the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.statistics_alerts is 'Alerts counted by the Statistics API in the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.sla_target is 'SlaTarget reported by the statistics (highest of the buckets used); null when none.';
comment on column uptrends.v_monitor_uptime_daily.monitored_seconds is 'Monitored time for the incident figure: the day, clipped to the monitor''s life (created_at, deleted_at) and to now, minus DisableMonitoring maintenance.';
comment on column uptrends.v_monitor_uptime_daily.maintenance_seconds is 'DisableMonitoring maintenance excluded from the day (overlapping periods counted once).';
comment on column uptrends.v_monitor_uptime_daily.incident_downtime_seconds is 'Incident downtime: union of the monitor''s incidents (ongoing ones until now) within the monitored time; overlapping incidents counted once, DisableMonitoring maintenance excluded, DisableNotifications not.';
comment on column uptrends.v_monitor_uptime_daily.incident_uptime_percentage is 'Uptime % (incidents): 100 x (1 - incident downtime / monitored time); null when nothing was monitored.';
comment on column uptrends.v_monitor_uptime_daily.incident_count is 'Incidents overlapping the day (ongoing ones until now).';
comment on column uptrends.v_monitor_uptime_daily.incidents_started is 'Incidents that started on the day.';
comment on column uptrends.v_monitor_uptime_daily.uptime_percentage is 'The leading figure: statistics_uptime_percentage where statistics give monitored time, else incident_uptime_percentage.';
comment on column uptrends.v_monitor_uptime_daily.uptime_source is 'Source of uptime_percentage: statistics or incidents; null when neither has monitored time.';

create view uptrends.v_monitor_uptime_monthly as
select
  account_id,
  iana_zone,
  monitor_guid,
  max(monitor_name) as monitor_name,
  month,
  count(*)::integer as days,
  (count(*) filter (where statistics_buckets > 0))::integer as statistics_days,
  min(day_start_at) as month_start_at,
  max(day_end_at) as month_end_at,
  sum(day_seconds)::bigint as month_seconds,
  sum(statistics_uptime_seconds) as statistics_uptime_seconds,
  sum(statistics_downtime_seconds) as statistics_downtime_seconds,
  100.0 * sum(statistics_uptime_seconds)
    / nullif(sum(statistics_uptime_seconds) + sum(statistics_downtime_seconds), 0)::double precision
    as statistics_uptime_percentage,
  sum(statistics_checks) as statistics_checks,
  sum(statistics_confirmed_errors) as statistics_confirmed_errors,
  sum(statistics_alerts) as statistics_alerts,
  max(sla_target) as sla_target,
  sum(monitored_seconds) as monitored_seconds,
  sum(maintenance_seconds) as maintenance_seconds,
  sum(incident_downtime_seconds) as incident_downtime_seconds,
  100.0 * (1 - sum(incident_downtime_seconds) / nullif(sum(monitored_seconds), 0)) as incident_uptime_percentage,
  sum(incidents_started)::integer as incidents_started,
  case
    when sum(statistics_uptime_seconds) + sum(statistics_downtime_seconds) > 0 then
      100.0 * sum(statistics_uptime_seconds)
        / (sum(statistics_uptime_seconds) + sum(statistics_downtime_seconds))::double precision
    else 100.0 * (1 - sum(incident_downtime_seconds) / nullif(sum(monitored_seconds), 0))
  end as uptime_percentage,
  case
    when sum(statistics_uptime_seconds) + sum(statistics_downtime_seconds) > 0 then 'statistics'
    when sum(monitored_seconds) > 0 then 'incidents'
  end as uptime_source
from uptrends.v_monitor_uptime_daily
group by account_id, iana_zone, monitor_guid, month;

comment on view uptrends.v_monitor_uptime_monthly is
  'Uptime per monitor and account-local month, both sources side by side, time-weighted: the seconds of v_monitor_uptime_daily summed, then divided (never an average of daily percentages). Filter on month: select * from uptrends.v_monitor_uptime_monthly where month = date ''2025-03-01''.';
comment on column uptrends.v_monitor_uptime_monthly.account_id is 'Account of the monitor.';
comment on column uptrends.v_monitor_uptime_monthly.iana_zone is 'The account''s IANA zone, in which the month is counted.';
comment on column uptrends.v_monitor_uptime_monthly.monitor_guid is 'Monitor GUID.';
comment on column uptrends.v_monitor_uptime_monthly.monitor_name is 'Monitor name.';
comment on column uptrends.v_monitor_uptime_monthly.month is 'First day of the account-local month.';
comment on column uptrends.v_monitor_uptime_monthly.days is 'Days of the month with a row (fewer in the current month, in the first month of data and around the monitor''s creation or deletion).';
comment on column uptrends.v_monitor_uptime_monthly.statistics_days is 'Days with statistics buckets.';
comment on column uptrends.v_monitor_uptime_monthly.month_start_at is 'Start of the first day counted, UTC instant.';
comment on column uptrends.v_monitor_uptime_monthly.month_end_at is 'End of the last day counted (exclusive), UTC instant.';
comment on column uptrends.v_monitor_uptime_monthly.month_seconds is 'Sum of day_seconds of the days counted (DST months are an hour shorter or longer).';
comment on column uptrends.v_monitor_uptime_monthly.statistics_uptime_seconds is 'Sum of the daily statistics uptime seconds.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_downtime_seconds is 'Sum of the daily statistics downtime seconds.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_uptime_percentage is 'Uptime % (Uptrends) of the month: 100 x sum(uptime) / sum(uptime + downtime).';
comment on column uptrends.v_monitor_uptime_monthly.statistics_checks is 'Checks in the month.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_confirmed_errors is 'Confirmed errors in the month.';
comment on column uptrends.v_monitor_uptime_monthly.statistics_alerts is 'Alerts counted by the Statistics API in the month.';
comment on column uptrends.v_monitor_uptime_monthly.sla_target is 'Highest SlaTarget reported in the month; null when none.';
comment on column uptrends.v_monitor_uptime_monthly.monitored_seconds is 'Monitored time of the month for the incident figure (DisableMonitoring maintenance excluded).';
comment on column uptrends.v_monitor_uptime_monthly.maintenance_seconds is 'DisableMonitoring maintenance excluded in the month.';
comment on column uptrends.v_monitor_uptime_monthly.incident_downtime_seconds is 'Incident downtime of the month (union of incidents, maintenance excluded).';
comment on column uptrends.v_monitor_uptime_monthly.incident_uptime_percentage is 'Uptime % (incidents) of the month: 100 x (1 - downtime / monitored time).';
comment on column uptrends.v_monitor_uptime_monthly.incidents_started is 'Incidents that started in the month.';
comment on column uptrends.v_monitor_uptime_monthly.uptime_percentage is 'The leading figure: the statistics figure when statistics give monitored time in the month, else the incident figure.';
comment on column uptrends.v_monitor_uptime_monthly.uptime_source is 'Source of uptime_percentage: statistics or incidents.';
