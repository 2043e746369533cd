create or replace view uptrends.v_incident as
select
  i.account_id,
  i.monitor_guid,
  m.name as monitor_name,
  m.monitor_type,
  uptrends.monitor_group_names(i.monitor_guid) as group_names,
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
left join uptrends.account a on a.account_id = i.account_id;

comment on view uptrends.v_incident is
  'Incidents with their monitor''s name and type, its monitor groups and the account zone. Times are UTC instants (*_at) and account-local wall clocks (*_local). Example: select monitor_name, group_names, started_at_local, duration_seconds / 60 as minutes from uptrends.v_incident where started_at >= now() - interval ''7 days'' order by started_at.';
comment on column uptrends.v_incident.account_id is 'Account of the monitor.';
comment on column uptrends.v_incident.monitor_guid is 'Monitor GUID.';
comment on column uptrends.v_incident.monitor_name is 'Monitor name (null when the monitor was never loaded).';
comment on column uptrends.v_incident.monitor_type is 'MonitorType of the monitor (Https, FullPageCheck, ...).';
comment on column uptrends.v_incident.group_names is 'Names of the monitor groups the monitor is in now, as an array (one row per incident, never one per group, so counts and sums stay right), alphabetical, without the built-in All Monitors group; empty when it is in no other group (uptrends.monitor_group_names). Filter with ''Websites'' = any (group_names); show with array_to_string(group_names, '', '').';
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
