-- uptrends.monitor_is_production: whether a monitor counts in group and account figures. Staging
-- and Development monitors are reported on their own rows only; a monitor whose mode the API did
-- not give counts as Production.
create or replace function uptrends.monitor_is_production(p_monitor uptrends.monitor)
returns boolean
language sql
immutable
parallel safe
as $$
  select p_monitor.monitor_mode is null or lower(p_monitor.monitor_mode) = 'production'
$$;

comment on function uptrends.monitor_is_production(uptrends.monitor) is
  'True for a Production monitor (monitor_mode Production, any case, or not given): the one rule of which monitors count in group and account figures, used by uptrends.figures, uptrends.incident_figures, uptrends.maintenance_figures and the alert gaps of the reports. Example: select name from uptrends.monitor m where not uptrends.monitor_is_production(m).';
