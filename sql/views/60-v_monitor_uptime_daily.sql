-- One row per monitor and account-local day while the monitor exists, both uptime figures side by
-- side with the share of the day the warehouse holds data for. Built so that a filter on day,
-- month or account_id reaches the day list (v_account_day) before any work: maintenance and
-- incidents are gathered once per account and day for all its monitors, then joined to the
-- monitors alive that day; statistics are one primary-key probe per monitor and day through
-- uptrends.statistics_cover, the same buckets v_monitor_statistics_daily and the SLA workbook use.
-- Measured: docs/warehouse.md.
create or replace view uptrends.v_monitor_uptime_daily as
with coverage as materialized (
  -- Once per query, not once per monitor and day: a monitor's coverage does not depend on the day.
  select vc.monitor_guid, vc.alerts_covered, vc.statistics_covered from uptrends.v_monitor_coverage vc
)
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
  end as uptime_source,
  cov.required_seconds,
  cov.alerts_read_seconds,
  cov.statistics_read_seconds,
  cov.alerts_read_seconds / cov.required_seconds as alerts_coverage,
  cov.statistics_read_seconds / cov.required_seconds as statistics_coverage,
  case
    when st.statistics_uptime_seconds + st.statistics_downtime_seconds > 0
      then cov.statistics_read_seconds / cov.required_seconds
    else cov.alerts_read_seconds / cov.required_seconds
  end as coverage
from uptrends.v_account_day ad
cross join lateral (
  select
    m.monitor_guid,
    m.name as monitor_name,
    greatest(ad.day_start_at, m.created_at) as window_start,
    -- A paused monitor (is_active false) runs no checks: its life ends when it was paused, its
    -- last modification as far as the API tells (the SLA workbook's rule).
    least(
      ad.day_end_at,
      case when m.is_active is false then least(m.deleted_at, m.last_modified_at) else m.deleted_at end,
      now()
    ) as window_end,
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
    and greatest(ad.day_start_at, m.created_at) < least(
      ad.day_end_at,
      case when m.is_active is false then least(m.deleted_at, m.last_modified_at) else m.deleted_at end,
      now()
    )
) md
left join lateral (
  -- The day's buckets as statistics_cover chooses them, those that overlap the monitor's life
  -- (a paused monitor's buckets after its pause count for nothing, as in the workbook).
  select
    count(*)::integer as statistics_buckets,
    case
      when count(*) = 0 then null
      when count(*) = 1 and bool_and(c.bucket_start_at = ad.day_start_at and c.bucket_end_at = ad.day_end_at)
        then 'day'
      when bool_and(c.grain = 'hour') then 'hour'
      else 'mixed'
    end as statistics_granularity,
    sum(extract(epoch from c.bucket_end_at - c.bucket_start_at))::integer as statistics_covered_seconds,
    sum(c.uptime_seconds) as statistics_uptime_seconds,
    sum(c.downtime_seconds) as statistics_downtime_seconds,
    sum(c.checks) as statistics_checks,
    sum(c.confirmed_errors) as statistics_confirmed_errors,
    sum(c.unconfirmed_errors) as statistics_unconfirmed_errors,
    sum(c.alerts) as statistics_alerts,
    max(c.sla_target) as sla_target
  from uptrends.statistics_cover(array[md.monitor_guid], ad.day_start_at, ad.day_end_at) c
  where c.bucket_end_at > md.window_start and c.bucket_start_at < md.window_end
) st on true
left join coverage vc on vc.monitor_guid = md.monitor_guid
cross join lateral (
  -- Coverage: the part of the day the monitor must be covered for (the day, within its life, until
  -- now) against the time its alerts and its statistics were read (etl_coverage). Most days lie
  -- inside one covered range: a containment test spares the range arithmetic.
  select
    extract(epoch from md.window_end - md.window_start)::double precision as required_seconds,
    case
      when vc.alerts_covered @> tstzrange(md.window_start, md.window_end)
        then extract(epoch from md.window_end - md.window_start)::double precision
      else uptrends.covered_seconds(vc.alerts_covered, tstzrange(md.window_start, md.window_end))
    end as alerts_read_seconds,
    case
      when vc.statistics_covered @> tstzrange(md.window_start, md.window_end)
        then extract(epoch from md.window_end - md.window_start)::double precision
      else uptrends.covered_seconds(vc.statistics_covered, tstzrange(md.window_start, md.window_end))
    end as statistics_read_seconds
) cov
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
  'Uptime per monitor and account-local day while the monitor exists (created_at to deleted_at, or to its pause when is_active is false), both figures of the SLA workbook side by side (docs/warehouse.md). statistics_*: "Uptime % (Uptrends)", the Statistics API over the buckets uptrends.statistics_cover chooses for the day (each day once). incident_*: "Uptime % (incidents)", the union of the monitor''s incidents (ongoing ones until now) within its monitored time (the day, within its life and until now, minus DisableMonitoring maintenance). uptime_percentage is the "Uptime % (headline)". coverage says how much of the day the warehouse read: 1 is complete, less is a figure over missing data. DST days have 23 or 25 hours. Filter on day or month: select * from uptrends.v_monitor_uptime_daily where month = date ''2025-03-01''.';
comment on column uptrends.v_monitor_uptime_daily.account_id is 'Account of the monitor.';
comment on column uptrends.v_monitor_uptime_daily.iana_zone is 'The account''s IANA zone, in which the day is counted.';
comment on column uptrends.v_monitor_uptime_daily.monitor_guid is 'Monitor GUID.';
comment on column uptrends.v_monitor_uptime_daily.monitor_name is 'Monitor name.';
comment on column uptrends.v_monitor_uptime_daily.day is 'Account-local calendar day.';
comment on column uptrends.v_monitor_uptime_daily.month is 'First day of the account-local month of day.';
comment on column uptrends.v_monitor_uptime_daily.day_start_at is 'Local midnight starting the day, UTC instant.';
comment on column uptrends.v_monitor_uptime_daily.day_end_at is 'Local midnight ending the day (exclusive), UTC instant.';
comment on column uptrends.v_monitor_uptime_daily.day_seconds is 'Length of the local day: 86400, or 82800 / 90000 on DST days.';
comment on column uptrends.v_monitor_uptime_daily.statistics_buckets is 'Statistics figure: buckets used for the day (statistics_cover: hours when they tile the day, else the longest buckets; month buckets never), of those overlapping the monitor''s life. 0 when none was loaded.';
comment on column uptrends.v_monitor_uptime_daily.statistics_granularity is 'Statistics figure: bucket size used: day (one bucket covering the whole local day), hour (buckets of an hour or less) or mixed; null without statistics.';
comment on column uptrends.v_monitor_uptime_daily.statistics_covered_seconds is 'Statistics figure: seconds of the day the buckets used cover (less than day_seconds when buckets are missing).';
comment on column uptrends.v_monitor_uptime_daily.statistics_uptime_seconds is 'Statistics figure: sum of Uptime seconds of the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.statistics_downtime_seconds is 'Statistics figure: sum of Downtime seconds of the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.statistics_uptime_percentage is 'Uptime % (Uptrends), the figure the Uptrends UI shows: 100 x uptime / (uptime + downtime) seconds of the buckets used; null without monitored time.';
comment on column uptrends.v_monitor_uptime_daily.statistics_checks is 'Statistics figure: checks in the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.statistics_confirmed_errors is 'Statistics figure: confirmed errors in the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.statistics_unconfirmed_errors is 'Statistics figure: unconfirmed errors in the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.statistics_alerts is 'Statistics figure: alerts counted by the Statistics API in the buckets used.';
comment on column uptrends.v_monitor_uptime_daily.sla_target is 'SlaTarget reported by the statistics (highest of the buckets used); null when none.';
comment on column uptrends.v_monitor_uptime_daily.monitored_seconds is 'Monitored time (incident figure): the day, clipped to the monitor''s life (created_at; deleted_at, or last_modified_at for a paused monitor) and to now, minus DisableMonitoring maintenance.';
comment on column uptrends.v_monitor_uptime_daily.maintenance_seconds is 'Maintenance excluded (incident figure): DisableMonitoring maintenance within the monitor''s life that day, overlapping periods counted once.';
comment on column uptrends.v_monitor_uptime_daily.incident_downtime_seconds is 'Downtime (incidents): union of the monitor''s incidents (ongoing ones until now) within the monitored time; overlapping incidents counted once, DisableMonitoring maintenance excluded, DisableNotifications not.';
comment on column uptrends.v_monitor_uptime_daily.incident_uptime_percentage is 'Uptime % (incidents), the workbook''s Daily uptime: 100 x (1 - incident downtime / monitored time); null when nothing was monitored.';
comment on column uptrends.v_monitor_uptime_daily.incident_count is 'Incident figure: incidents overlapping the day (ongoing ones until now).';
comment on column uptrends.v_monitor_uptime_daily.incidents_started is 'Incident figure: incidents that started on the day.';
comment on column uptrends.v_monitor_uptime_daily.uptime_percentage is 'Uptime % (headline): statistics_uptime_percentage where statistics give monitored time, else incident_uptime_percentage.';
comment on column uptrends.v_monitor_uptime_daily.uptime_source is 'Source of uptime_percentage: statistics or incidents; null when neither has monitored time.';
comment on column uptrends.v_monitor_uptime_daily.required_seconds is 'Coverage: seconds of the day the monitor must be covered for: the day, within its life, until now.';
comment on column uptrends.v_monitor_uptime_daily.alerts_read_seconds is 'Coverage: seconds of required_seconds whose alerts were read (etl_coverage, the alert partitions that include the monitor).';
comment on column uptrends.v_monitor_uptime_daily.statistics_read_seconds is 'Coverage: seconds of required_seconds whose statistics were read at a daily grain (etl_coverage).';
comment on column uptrends.v_monitor_uptime_daily.alerts_coverage is 'Share (0 to 1) of required_seconds whose alerts were read: below 1 the incident figure rests on missing data (0: no data, not 100 %).';
comment on column uptrends.v_monitor_uptime_daily.statistics_coverage is 'Share (0 to 1) of required_seconds whose statistics were read.';
comment on column uptrends.v_monitor_uptime_daily.coverage is 'Coverage of uptime_percentage: statistics_coverage when the statistics figure leads, else alerts_coverage. 1 is complete; "100 %" with coverage 0 means no data.';
