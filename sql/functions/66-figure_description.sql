-- The data dictionary of the report figures: one sentence per column of uptrends.figures, so the
-- uptime views, the function's own documentation and docs/reports.md say the same. Each uptime
-- view comments its figure columns from here (a test checks that every column has a description).
create or replace function uptrends.figure_description(p_column text)
returns text
language sql
immutable
as $$
  select case p_column
    when 'window_start' then 'Start of the period (UTC instant, inclusive).'
    when 'window_end' then 'End of the period (UTC instant, exclusive).'
    when 'elapsed_end' then 'End of the part of the period counted: the period end, or the as-of instant for a period not yet ended.'
    when 'grain' then 'What the row is about: monitor, group (a monitor group) or account (every Production monitor in scope).'
    when 'monitor_guid' then 'Monitor GUID (monitor rows).'
    when 'monitor_group_guid' then 'Monitor group GUID (group rows).'
    when 'name' then 'Monitor name, group description, or "All monitors in scope".'
    when 'monitor_name' then 'Monitor name.'
    when 'group_name' then 'Monitor group description.'
    when 'is_all' then 'True for the built-in All Monitors group.'
    when 'monitor_type' then 'Monitor type (Http, Https, FullPageCheck, ...).'
    when 'check_interval_seconds' then 'Check interval of the monitor in seconds.'
    when 'production' then 'True for a Production monitor; Staging and Development monitors count in no group or account figure.'
    when 'group_names' then 'The monitor''s groups by name; All Monitors only when it is in no other group.'
    when 'members' then 'Production monitors in scope that existed in the period (1 for a monitor row).'
    when 'required_seconds' then 'Seconds the figure needs data for: the period, within the monitor''s life (created to deleted or paused), up to the as-of instant; summed over members.'
    when 'monitored_seconds' then 'Monitored time: required_seconds minus DisableMonitoring maintenance (DisableNotifications maintenance is not subtracted).'
    when 'maintenance_seconds' then 'Maintenance excluded: DisableMonitoring maintenance within the monitor''s life in the period, overlaps counted once.'
    when 'incident_downtime_seconds' then 'Downtime: the union of the monitor''s incidents (an ongoing one runs on) within its monitored time; overlapping incidents count once; summed over members.'
    when 'period_downtime_seconds' then 'Downtime as one figure for a set: the share of monitored time that was down times the length of the period (ten monitors down for the same hour count one hour); null without data.'
    when 'statistics_buckets' then 'Statistics buckets used (uptrends.statistics_cover: each local day once, its finest complete cover).'
    when 'statistics_uptime_seconds' then 'Sum of Uptime seconds of the statistics buckets used, within the monitor''s life.'
    when 'statistics_downtime_seconds' then 'Sum of Downtime seconds of the statistics buckets used, within the monitor''s life.'
    when 'checks' then 'Checks in the statistics buckets used.'
    when 'confirmed_errors' then 'Confirmed errors in the statistics buckets used.'
    when 'has_statistics' then 'True when the statistics give uptime or downtime seconds for the period.'
    when 'incident_uptime_percentage' then 'Uptime % (incidents): 100 x (1 - incident_downtime_seconds / monitored_seconds); null without monitored time or without data.'
    when 'statistics_uptime_percentage' then 'Uptime % (Uptrends), as the Uptrends UI shows it: 100 x uptime / (uptime + downtime) seconds of the statistics; null without statistics or without data.'
    when 'uptime_percentage' then 'Uptime % (headline): the statistics figure where statistics exist (for a group or the account: for every member with monitored time), else the incident figure; null without data (never 100 % over missing data).'
    when 'uptime_source' then 'Which figure uptime_percentage is: statistics or incidents; null without an uptime.'
    when 'target_percentage' then 'SLA target (desired threshold, %): the statistics'' latest SlaTarget, else the monitor''s first group SLA definition by group name, else the default (99.9 unless the report says otherwise); a group: its SLA definition, else the default; the account: the default.'
    when 'target_error_percentage' then 'Error threshold (%): below it the SLA is missed; between it and the target, at risk. For a statistics target, from the SLA definition with that desired threshold, else equal to the target.'
    when 'target_source' then 'Where the target came from: Statistics, Group SLA, Default or Override.'
    when 'sla_name' then 'Description of the SLA definition the target came from, when one is known.'
    when 'status' then 'SLA status: Met, At risk or Missed (uptrends.sla_status); null when the data is not complete or there is no uptime.'
    when 'error_budget_seconds' then 'Error budget: (1 - target / 100) x monitored time.'
    when 'budget_used' then 'Share of the error budget used: incident downtime / error budget (1 = all of it); null when the budget is zero.'
    when 'incidents_started' then 'Incidents that started in the period (an incident counts in the period it started in).'
    when 'incidents_resolved' then 'Incidents resolved (Ok alert) in the period.'
    when 'ongoing_at_end' then 'Incidents open at the end of the period (or at the as-of instant): started before it and not resolved before it.'
    when 'incident_alerts' then 'Alerts (Error, Reminder, Ok) of the incidents that touch the period.'
    when 'mttr_seconds' then 'Mean time to recover: mean full duration (first error to Ok) of the incidents resolved in the period; pooled over members.'
    when 'median_ttr_seconds' then 'Median full duration of the incidents resolved in the period (average of the middle two for an even count); pooled over members.'
    when 'longest_ttr_seconds' then 'Longest full duration of the incidents resolved in the period.'
    when 'mtbf_seconds' then 'Mean time between failures: monitored time / incidents started; null without incidents.'
    when 'members_missed' then 'Members whose own status is Missed (group and account rows).'
    when 'members_affected' then 'Members with an incident that started in the period or was open at its end (group and account rows).'
    when 'incidents_overlapping' then 'Incidents that touch the period: overlap it or start in it.'
    when 'alerts_read_seconds' then 'Seconds of required_seconds whose alerts were read (etl_coverage).'
    when 'statistics_read_seconds' then 'Seconds of required_seconds whose statistics were read (etl_coverage).'
    when 'covered_seconds' then 'Seconds of required_seconds read for the figure that leads: alerts and statistics both where statistics lead, else alerts.'
    when 'coverage' then 'Data coverage: covered_seconds / required_seconds (0 to 1), counted against the whole period, never from the first day with data.'
    when 'alerts_coverage' then 'alerts_read_seconds / required_seconds: how complete the incident figures are.'
    when 'data_state' then 'The data behind the figures (uptrends.data_state): complete, incomplete (shown, never judged) or no data.'
    when 'alerts_data_state' then 'data_state of the incident figures alone (alerts read).'
    when 'previous_uptime_percentage' then 'uptime_percentage of the previous period.'
    when 'previous_coverage' then 'coverage of the previous period.'
    when 'previous_data_state' then 'data_state of the previous period: a comparison with an incomplete period is labelled so and draws no change.'
    when 'change_pp' then 'Change of uptime_percentage against the previous period, in percentage points; null unless both periods are complete.'
  end
$$;

comment on function uptrends.figure_description(text) is
  'One-sentence definition of a column of uptrends.figures (and of the same column in the uptime views); null for a name that is not a figure column. Example: select uptrends.figure_description(''budget_used'').';
