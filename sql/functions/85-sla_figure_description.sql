-- The data dictionary of the SLA overview figures (uptrends.sla_figures and the v_sla_* views):
-- one sentence per column, so the function, the views and docs/reports.md say the same. Columns
-- it does not name fall back to uptrends.figure_description (the period bounds).
create or replace function uptrends.sla_figure_description(p_column text)
returns text
language sql
immutable
as $$
  select coalesce(case p_column
    when 'account_id' then 'Uptrends AccountId.'
    when 'iana_zone' then 'The account''s IANA zone, in which days, months and exclusion periods are counted.'
    when 'month' then 'First day of the account-local month.'
    when 'month_start_at' then 'Local midnight starting the month, UTC instant.'
    when 'month_end_at' then 'Local midnight ending the month (exclusive), UTC instant.'
    when 'day' then 'Account-local day.'
    when 'day_start_at' then 'Local midnight starting the day, UTC instant.'
    when 'day_end_at' then 'Local midnight ending the day (exclusive), UTC instant (23 or 25 hours after the start on DST days).'
    when 'sla_guid' then 'SLA definition GUID; every definition is computed for every monitor, as Uptrends does.'
    when 'sla_name' then 'SLA definition name (its Description).'
    when 'grain' then 'What the row is about: monitor, group (a monitor group, over its Production members) or account (every Production monitor in scope).'
    when 'name' then 'Monitor name, group description, or "All monitors in scope".'
    when 'monitor_name' then 'Monitor name.'
    when 'group_name' then 'Monitor group description, or "All monitors in scope" for the account row.'
    when 'production' then 'True for a Production monitor. A Staging or Development monitor is reported as Uptrends reports it: 100 % SLA uptime, no downtime, no confirmed errors; it counts in no group or account row.'
    when 'members' then 'Production monitors in scope that existed in the period (1 for a monitor row).'
    when 'uptime_warning_threshold' then 'The definition''s desired uptime in percent (UptimeWarningThreshold): at or above it the SLA is met.'
    when 'uptime_error_threshold' then 'The definition''s error uptime in percent (UptimeErrorThreshold): below it the SLA is in error; between the two, warning.'
    when 'total_time_threshold' then 'SLA target total time in seconds: the definition''s LoadTimeErrorThreshold (milliseconds) / 1000; null when the definition sets none.'
    when 'operator_response_time_threshold' then 'SLA operator response time target in minutes (OperatorReponseTimeThreshold, sic); null when the definition sets none.'
    when 'exclusion_periods' then 'Exclusion periods of the definition that overlap the period.'
    when 'required_seconds' then 'Seconds of the period within the monitor''s life (created to deleted or paused), up to the as-of instant; summed over members.'
    when 'excluded_seconds' then 'Seconds of required_seconds inside the definition''s exclusion periods (real seconds: six local hours across the autumn DST change are seven hours); summed over members.'
    when 'maintenance_seconds' then 'Seconds of required_seconds in DisableMonitoring maintenance (inside or outside exclusions); summed over members.'
    when 'monitored_seconds' then 'Monitored time for the SLA: required_seconds minus DisableMonitoring maintenance minus the exclusion periods, a second in both taken out once; summed over members.'
    when 'statistics_buckets' then 'Statistics buckets counted (at least partly outside the exclusion periods).'
    when 'split_buckets' then 'Statistics buckets an exclusion period cut (a daily bucket holding an exclusion bound): counted to the second for the part outside it, the downtime inside it placed by the incidents (docs/reports.md, "SLA overview").'
    when 'statistics_uptime_seconds' then 'Uptime seconds of the Statistics API outside the exclusion periods (a Staging monitor''s downtime counts as up).'
    when 'downtime_seconds' then 'Downtime (Uptrends SLA overview "Downtime"): the Statistics API''s downtime outside the exclusion periods, which counts every confirmed error whether or not it raised an alert; 0 for a Staging monitor.'
    when 'downtime_percentage' then '"Downtime %": 100 x downtime_seconds / (statistics uptime + downtime) outside the exclusion periods; null without data.'
    when 'sla_uptime_percentage' then '"SLA uptime" (0 to 100): 100 x statistics uptime / (uptime + downtime) outside the definition''s exclusion periods; null without statistics or data.'
    when 'status' then 'SLA status in Uptrends'' three levels: met (at or above the desired threshold), warning (down to the error threshold), error (below it); null unless the data is complete.'
    when 'incident_downtime_seconds' then 'The incident-based downtime beside it: the union of the monitor''s incidents within monitored_seconds (outside maintenance and exclusions); summed over members.'
    when 'incident_uptime_percentage' then 'The incident-based uptime beside it: 100 x (1 - incident_downtime_seconds / monitored_seconds). Short errors that raised no alert lower sla_uptime_percentage only.'
    when 'checks' then 'Checks of the statistics outside the exclusion periods (a bucket an exclusion cuts: for the share of its monitored time outside it).'
    when 'confirmed_errors' then '"Confirmed errors": confirmed errors of the statistics outside the exclusion periods (a bucket an exclusion cuts: for the share of its downtime outside it); 0 for a Staging monitor.'
    when 'average_total_time' then '"SLA total time" in seconds: the average load time (statistics TotalTime, seconds) outside the exclusion periods, weighted by checks; null where no statistics carry it (never 0).'
    when 'total_time_status' then 'met when average_total_time is at or below total_time_threshold, else error; null without either.'
    when 'operator_response_time' then '"SLA operator response time" in minutes: statistics OperatorResponseTime outside the exclusion periods, weighted by alerts; null where no bucket with alerts carries it (never 0).'
    when 'operator_response_status' then 'met when operator_response_time is at or below operator_response_time_threshold, else error; null without either.'
    when 'statistics_read_seconds' then 'Seconds of required_seconds whose statistics were read (etl_coverage).'
    when 'alerts_read_seconds' then 'Seconds of required_seconds whose alerts were read (etl_coverage): how complete the incident figure is.'
    when 'coverage' then 'Data coverage of the SLA figure: statistics_read_seconds / required_seconds (0 to 1), counted against the whole period.'
    when 'data_state' then 'The statistics behind the SLA figure (uptrends.data_state): complete, incomplete (shown, never judged) or no data.'
  end, uptrends.figure_description(p_column))
$$;

comment on function uptrends.sla_figure_description(text) is
  'One sentence describing a column of uptrends.sla_figures or a v_sla_* view (falls back to uptrends.figure_description); null for an unknown column. Example: select uptrends.sla_figure_description(''excluded_seconds'').';

-- Comments every column of an SLA view from uptrends.sla_figure_description; returns how many.
create or replace function uptrends.comment_sla_figure_columns(p_view regclass)
returns integer
language plpgsql
as $$
declare
  c record;
  n integer := 0;
begin
  for c in
    select a.attname from pg_attribute a
    where a.attrelid = p_view and a.attnum > 0 and not a.attisdropped
  loop
    if uptrends.sla_figure_description(c.attname) is not null then
      execute format('comment on column %s.%I is %L', p_view, c.attname, uptrends.sla_figure_description(c.attname));
      n := n + 1;
    end if;
  end loop;
  return n;
end
$$;

comment on function uptrends.comment_sla_figure_columns(regclass) is
  'Sets the comment of every column of p_view that uptrends.sla_figure_description describes and returns how many it set. Used by the v_sla_* views.';
