-- Example queries of the data dictionary (docs/warehouse.md). Every query here runs in the test
-- suite on the demo's warehouse (what `uptrends-etl demo` loads, on its clock) and must return rows
-- (test/integration/load/warehouse-examples.test.ts), and every SQL block of docs/warehouse.md must
-- be one of them, so the dictionary cannot drift from the schema. Dates are relative to now ("last
-- month", "the last 24 hours"): on the demo's warehouse they answer while its clock is recent;
-- a demo warehouse made weeks ago answers "last month" only until its data ages out of it. Run one with
-- `uptrends-etl query "<sql>"` or psql, or all of them with `uptrends-etl query --file
-- docs/warehouse-examples.sql`. Each example starts with a line `/* example: <name> */` (a block
-- comment: a block pasted whole into `query "..."` must not start with "--", an option's prefix).

/* example: account-zone */
select account_id, iana_zone, iana_zone_exact, iana_zone_reason from uptrends.account;

/* example: operator-zones */
-- operators with a personal zone, as IANA names
select o.full_name, t.description, t.iana_zone
from uptrends.operator o
join uptrends.timezone t on t.account_id = o.account_id and t.timezone_id = o.time_zone_id;

/* example: slow-check-intervals */
-- active production monitors checked less often than every 5 minutes
select name, monitor_type, check_interval_seconds / 60 as every_minutes
from uptrends.monitor
where deleted_at is null and is_active and monitor_mode = 'Production' and check_interval_seconds > 300
order by check_interval_seconds desc;

/* example: monitor-configuration-at */
-- the configuration of every monitor as it was at an instant (here: now; put any timestamptz)
select name, is_active, check_interval_seconds, valid_from
from uptrends.monitor_history
where valid_from <= now()
  and (valid_to is null or valid_to > now())
order by name;

/* example: load-time-conditions */
-- monitors that alert when the page loads slower than 5 seconds
select m.name, c.value_numeric as limit_ms
from uptrends.monitor_error_condition c
join uptrends.monitor m using (monitor_guid)
where c.deleted_at is null and c.error_condition_type in ('LoadTimeLimit1', 'LoadTimeLimit2')
  and c.effect = 'Error' and c.value_numeric <= 5000;

/* example: group-quotas */
select description, used_basic_monitor_quota, basic_monitor_quota
from uptrends.monitor_group where deleted_at is null and not is_all;

/* example: monitors-per-group */
-- monitors per group
select g.description, count(*) as monitors
from uptrends.monitor_group_member gm
join uptrends.monitor_group g using (monitor_group_guid)
where gm.deleted_at is null
group by g.description order by monitors desc;

/* example: credit-quota-use-over-time */
-- credit quota use over time: per group and day on which a sync ran, the credits used of each
-- kind against the quota (the API keeps no history: each day holds that day's last sync)
select g.description as group_name, q.snapshot_date,
       q.used_basic_monitor_quota, q.basic_monitor_quota,
       round(100.0 * q.used_basic_monitor_quota / nullif(q.basic_monitor_quota, 0), 1) as basic_used_pct,
       q.used_browser_monitor_quota, q.browser_monitor_quota,
       q.used_transaction_monitor_quota, q.transaction_monitor_quota,
       q.used_api_monitor_quota, q.api_monitor_quota
from uptrends.monitor_group_quota_daily q
join uptrends.monitor_group g using (monitor_group_guid)
where q.snapshot_date >= current_date - 90
order by g.description, q.snapshot_date;

/* example: sla-exclusions */
select s.description, e.from_at_local, e.until_at_local, e.description
from uptrends.sla_exclusion_period e join uptrends.sla s using (sla_guid)
where e.deleted_at is null order by e.from_at;

/* example: maintenance-hours */
-- hours of DisableMonitoring maintenance per monitor last month (account-local days)
select m.name, sum(extract(epoch from i.end_at - i.start_at)) / 3600 as hours
from uptrends.account a
cross join lateral (
  select date_trunc('month', now() at time zone a.iana_zone)::date as this_month
) t
cross join lateral uptrends.maintenance_interval(
  a.account_id, (t.this_month - interval '1 month')::date, t.this_month - 1
) i
join uptrends.monitor m using (monitor_guid)
where i.maintenance_type = 'DisableMonitoring'
group by m.name order by hours desc;

/* example: administrators */
-- who is an administrator
select o.full_name, o.email
from uptrends.operator_group_member gm
join uptrends.operator_group g using (operator_group_guid)
join uptrends.operator o using (operator_guid)
where g.is_administrators_group and gm.deleted_at is null and o.deleted_at is null;

/* example: status-pages-of-monitors */
-- which published status pages show each monitor, directly or through one of its groups
select distinct m.name as monitor_name, p.name as status_page
from uptrends.public_status_page p
join uptrends.monitor m
  on m.monitor_guid = any (p.monitor_guids)
  or exists (
    select 1 from uptrends.monitor_group_member gm
    where gm.monitor_guid = m.monitor_guid and gm.deleted_at is null
      and gm.monitor_group_guid = any (p.monitor_group_guids)
  )
where p.is_published and p.deleted_at is null and m.deleted_at is null
order by monitor_name, status_page;

/* example: checkpoint-addresses */
-- every address checks come from, for a firewall's allow list
select c.name, c.code, a.address,
  case when a.address like '%:%' then 'IPv6' else 'IPv4' end as version
from uptrends.checkpoint c
cross join lateral unnest(c.ipv4_addresses || c.ipv6_addresses) as a (address)
where c.deleted_at is null
order by c.name, version, a.address;

/* example: checkpoint-regions-inside */
-- the regions inside Europe, at any depth
with recursive inside as (
  select checkpoint_region_id, name, child_region_ids, 0 as depth
  from uptrends.checkpoint_region
  where name = 'Europe' and deleted_at is null
  union all
  select r.checkpoint_region_id, r.name, r.child_region_ids, i.depth + 1
  from inside i
  join uptrends.checkpoint_region r
    on r.checkpoint_region_id = any (i.child_region_ids) and r.deleted_at is null
  where i.depth < 10
)
select repeat('  ', depth) || name as region, checkpoint_region_id
from inside
order by depth, name;

/* example: infra-tree */
-- the tree, indented
select repeat('  ', depth) || name as tree, device_group_id
from uptrends.infra_device_group where deleted_at is null
order by depth, name;

/* example: infra-devices-per-group */
-- devices per group, through the memberships
select g.name, count(*) as devices
from uptrends.infra_device d
join uptrends.infra_device_group g
  on g.account_id = d.account_id and g.device_group_id = any (d.device_group_ids)
where d.deleted_at is null and g.deleted_at is null
group by g.name order by devices desc;

/* example: infra-devices-last-month */
-- Infra devices last month, worst first
select device_name, uptime_percentage, downtime_seconds / 60 as downtime_minutes, coverage
from uptrends.v_infra_uptime_monthly
where month = date_trunc('month', now() - interval '1 month')::date
order by uptime_percentage;

/* example: recent-alerts */
-- alerts of the last 24 hours with their monitor and its groups
select raised_at_local, monitor_name, array_to_string(group_names, ', ') as groups, alert_type, error_description
from uptrends.v_alert
where raised_at >= now() - interval '24 hours'
order by raised_at;

/* example: incidents-last-week */
-- incidents that started in the last 7 account-local days, longest first
select monitor_name, group_names, started_at_local, ended_at_local, duration_seconds / 60 as minutes, ongoing
from uptrends.v_incident
where started_at_local::date >= (now() at time zone iana_zone)::date - 7
order by duration_seconds desc nulls first;

/* example: incidents-per-group-last-month */
-- incidents that started last month per group, with their hours (a monitor in two groups counts in both)
select g.group_name, count(*) as incidents, round((sum(i.duration_seconds) / 3600.0)::numeric, 1) as hours
from uptrends.v_incident i
cross join lateral unnest(i.group_names) as g (group_name)
where i.started_at_local >= date_trunc('month', (now() at time zone i.iana_zone) - interval '1 month')
  and i.started_at_local < date_trunc('month', now() at time zone i.iana_zone)
group by g.group_name
order by incidents desc, g.group_name;

/* example: statistics-per-day */
-- the service's own figures per day last month, each day counted once
select monitor_name, day, granularity, complete, uptime_percentage, downtime_seconds / 60 as down_minutes
from uptrends.v_monitor_statistics_daily
where month = date_trunc('month', now() - interval '1 month')::date
order by uptime_percentage, monitor_name, day;

/* example: worst-days-last-month */
-- the worst days of last month, both figures
select day, monitor_name, uptime_percentage, uptime_source, coverage,
       statistics_uptime_percentage, incident_uptime_percentage, incident_downtime_seconds / 60 as down_minutes
from uptrends.v_monitor_uptime_daily
where month = date_trunc('month', now() - interval '1 month')::date
order by uptime_percentage
limit 20;

/* example: monitors-below-target-last-month */
-- monitors below 99.9 % last month, with how much of the month was read
select monitor_name, uptime_percentage, uptime_source, coverage, incidents_started
from uptrends.v_monitor_uptime_monthly
where month = date_trunc('month', now() - interval '1 month')::date and uptime_percentage < 99.9
order by uptime_percentage;

/* example: monitors-over-budget-last-month */
-- monitors that spent more than their error budget last month, by the time over it (the SLA
-- workbook's Over budget column): the budget used past 100 %, in hours
select monitor_name, target_percentage, round((100 * budget_used)::numeric, 1) as budget_used_pct,
       round((over_budget_seconds / 3600)::numeric, 2) as hours_over_budget, status, data_state
from uptrends.v_monitor_uptime_monthly
where month = date_trunc('month', now() - interval '1 month')::date and over_budget_seconds > 0
order by over_budget_seconds desc;

/* example: worst-monitors-last-month */
-- the five worst monitors last month by downtime, as the workbook's "Five worst monitors" ranks
-- them (ties by the headline uptime), with the status and the data behind it
select monitor_name,
       round((incident_downtime_seconds / 60)::numeric) as downtime_minutes,
       round(uptime_percentage::numeric, 3) as uptime_pct,
       uptime_source, status, data_state,
       incidents_started, ongoing_at_end
from uptrends.v_monitor_uptime_monthly
where month = date_trunc('month', now() - interval '1 month')::date and production
order by incident_downtime_seconds desc, uptime_percentage, monitor_name
limit 5;

/* example: mttr-per-group-per-month */
-- MTTR per group per month: incidents of the Production members resolved in the month, pooled
select group_name, month, incidents_resolved,
       round((mttr_seconds / 60)::numeric) as mttr_minutes,
       round((median_ttr_seconds / 60)::numeric) as median_minutes,
       round((mtbf_seconds / 3600)::numeric, 1) as mtbf_hours,
       round(uptime_percentage::numeric, 3) as uptime_pct, data_state
from uptrends.v_group_uptime_monthly
where month >= date_trunc('month', now() - interval '3 months')::date and not is_all
order by group_name, month;

/* example: account-uptime-per-month */
-- the account's availability per month, as the SLA workbook's Summary shows it: time-weighted over
-- every Production monitor, compared with the month before (only between two complete months)
select month, members, round(uptime_percentage::numeric, 3) as uptime_pct, uptime_source,
       status, incidents_started, ongoing_at_end, data_state,
       round((coverage * 100)::numeric, 1) as coverage_pct, round(change_pp::numeric, 3) as change_pp
from uptrends.v_account_uptime_monthly
order by month;

/* example: group-days-last-week */
-- each group's days of the last week, with what is missing
select group_name, day, members, round(uptime_percentage::numeric, 3) as uptime_pct, uptime_source,
       data_state, round(coverage::numeric, 3) as coverage
from uptrends.v_group_uptime_daily
where day >= current_date - 7
order by group_name, day;

/* example: monitor-coverage-last-month */
-- share of last month each monitor's alerts were read, over the part of the month it existed
with p as (
  select tstzrange(
    uptrends.local_to_utc(date_trunc('month', now() - interval '1 month')::date::timestamp, a.iana_zone),
    uptrends.local_to_utc(date_trunc('month', now())::date::timestamp, a.iana_zone)
  ) as period, a.account_id
  from uptrends.account a
)
select c.monitor_name,
       uptrends.covered_seconds(c.alerts_covered, c.lifetime * p.period)
         / nullif(extract(epoch from upper(c.lifetime * p.period) - lower(c.lifetime * p.period)), 0) as alerts_coverage
from uptrends.v_monitor_coverage c join p using (account_id)
where not isempty(c.lifetime * p.period)
order by alerts_coverage;

/* example: sla-burn-this-month */
-- the services on course to miss this month's SLA, most urgent first: their state, the share of
-- the month's error budget used, the burn rates over 1, 3 and 7 days, and when the budget runs out
select name, grain, state, round((100 * period_budget_used)::numeric, 1) as budget_used_pct,
       round(burn_rate_1d::numeric, 2) as burn_1d, round(burn_rate_3d::numeric, 2) as burn_3d,
       round(burn_rate_7d::numeric, 2) as burn_7d,
       round(projected_uptime_7d::numeric, 3) as projected_uptime_pct,
       runs_out_at at time zone iana_zone as runs_out_local, alerts_data_state
from uptrends.v_sla_burn
order by array_position(array['breached', 'at risk', 'watch', 'ok'], state), period_budget_used desc nulls last, name;

/* example: sla-burn-a-week-ago */
-- the early warning as it stood a week ago, for the month that held that instant: what
-- `report at-risk --as-of` shows (the default target 99.9 %, at risk within 3 days)
select s.name, s.grain, s.state, round(s.burn_rate_1d::numeric, 2) as burn_1d,
       round(s.burn_rate_3d::numeric, 2) as burn_3d, s.runs_out_at
from uptrends.account a
cross join lateral (
  select date_trunc('month', (now() - interval '7 days') at time zone a.iana_zone) as month
) m
cross join lateral uptrends.sla_burn(
  a.account_id,
  tstzrange(uptrends.local_to_utc(m.month, a.iana_zone), uptrends.local_to_utc(m.month + interval '1 month', a.iana_zone)),
  now() - interval '7 days'
) s
order by s.name;

/* example: sla-overview-last-month */
-- last month's SLA overview for every SLA definition: SLA uptime after the exclusion periods,
-- load time and operator response time against the definition, worst first
select sla_name, monitor_name, round(sla_uptime_percentage::numeric, 3) as sla_uptime_pct, status,
       round(average_total_time::numeric, 2) as total_time_s, total_time_threshold as target_s,
       round(operator_response_time::numeric, 1) as response_min, operator_response_time_threshold as target_min,
       confirmed_errors, downtime_seconds / 60 as downtime_minutes, excluded_seconds / 3600 as excluded_hours,
       data_state
from uptrends.v_sla_monthly
where month = date_trunc('month', now() - interval '1 month')::date
order by sla_name, sla_uptime_percentage nulls first, monitor_name;
