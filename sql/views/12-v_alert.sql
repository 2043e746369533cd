create or replace view uptrends.v_alert as
select
  al.account_id,
  al.alert_id,
  al.monitor_guid,
  m.name as monitor_name,
  m.monitor_type,
  uptrends.monitor_group_names(al.monitor_guid) as group_names,
  al.alert_type,
  al.raised_at,
  al.raised_at_local,
  al.first_error_at,
  al.first_error_at_local,
  al.error_description,
  al.error_message,
  al.incident_key,
  al.incident_key_derived,
  al.monitor_check_id,
  al.first_error_monitor_check_id,
  a.iana_zone,
  al.run_id,
  al.loaded_at
from uptrends.alert al
left join uptrends.monitor m on m.monitor_guid = al.monitor_guid
left join uptrends.account a on a.account_id = al.account_id;

comment on view uptrends.v_alert is
  'Alerts with their monitor''s name and type, its monitor groups and the account zone; the raw record stays in uptrends.alert. Times are UTC instants (*_at) and account-local wall clocks (*_local). Example: select raised_at_local, monitor_name, alert_type, error_description from uptrends.v_alert where raised_at >= now() - interval ''24 hours'' order by raised_at.';
comment on column uptrends.v_alert.account_id is 'Account the alert belongs to.';
comment on column uptrends.v_alert.alert_id is 'Alert Id (GUID, lower case); the key of uptrends.alert.';
comment on column uptrends.v_alert.monitor_guid is 'Monitor that raised the alert (MonitorGuid).';
comment on column uptrends.v_alert.monitor_name is 'Monitor name (null when the monitor was never loaded).';
comment on column uptrends.v_alert.monitor_type is 'MonitorType of the monitor (Https, FullPageCheck, ...).';
comment on column uptrends.v_alert.group_names is 'Names of the monitor groups the monitor is in now, as an array (one row per alert, never one per group), alphabetical, without the built-in All Monitors group; empty when it is in no other group (uptrends.monitor_group_names). Filter with ''Websites'' = any (group_names).';
comment on column uptrends.v_alert.alert_type is 'AlertType as sent: Error (first alert of an incident), Reminder (repeated while the error lasts), Ok (recovery: ends the incident); any other value the service sends is kept.';
comment on column uptrends.v_alert.raised_at is 'When the alert was raised (Timestamp), UTC instant. For an Ok alert: when the monitor recovered.';
comment on column uptrends.v_alert.raised_at_local is 'Timestamp as sent, account-local wall clock.';
comment on column uptrends.v_alert.first_error_at is 'First error check of the incident (FirstError), UTC instant: the incident start, repeated on every alert of the incident; null when the service sent no date.';
comment on column uptrends.v_alert.first_error_at_local is 'FirstError as sent, account-local wall clock.';
comment on column uptrends.v_alert.error_description is 'ErrorDescription exactly as sent ("OK" on Ok alerts), untrusted text from the monitored site.';
comment on column uptrends.v_alert.error_message is 'ErrorMessage exactly as sent (optional extra detail), untrusted text; null when absent.';
comment on column uptrends.v_alert.incident_key is 'IncidentKey shared by the Error, Reminder and Ok alerts of one incident; joins v_incident on (monitor_guid, incident_key).';
comment on column uptrends.v_alert.incident_key_derived is 'True when the service sent no IncidentKey and incident_key was derived from FirstErrorMonitorCheckId.';
comment on column uptrends.v_alert.monitor_check_id is 'Monitor check that triggered the alert (MonitorCheckId); for an Ok alert the successful check.';
comment on column uptrends.v_alert.first_error_monitor_check_id is 'First error check of the incident (FirstErrorMonitorCheckId).';
comment on column uptrends.v_alert.iana_zone is 'The account''s IANA zone: the zone of the *_local columns.';
comment on column uptrends.v_alert.run_id is 'etl_run id of the run that last changed the alert.';
comment on column uptrends.v_alert.loaded_at is 'When the alert was first inserted, by the clock of the run that inserted it.';
