-- Alert definitions: which monitors and monitor groups alert whom, and how (GET /AlertDefinition and
-- the member, escalation level, level member and integration lists under it). Soft deletes like
-- every configuration table: a definition removed from Uptrends keeps its rows, with deleted_at.

create table uptrends.alert_definition (
  account_id text not null,
  alert_definition_guid uuid not null,
  name text,
  is_active boolean,
  api_hash text,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint alert_definition_pkey primary key (alert_definition_guid)
);

comment on table uptrends.alert_definition is
  'One row per alert definition (GET /AlertDefinition): a rule that turns monitor errors into alerts for operators. Its members say which monitors it covers, its escalation levels when and whom it alerts.';
comment on column uptrends.alert_definition.account_id is 'Account of the alert definition.';
comment on column uptrends.alert_definition.alert_definition_guid is 'Alert definition GUID (AlertDefinitionGuid).';
comment on column uptrends.alert_definition.name is 'Name of the alert definition (AlertName).';
comment on column uptrends.alert_definition.is_active is 'False when the definition is switched off: it raises no alerts.';
comment on column uptrends.alert_definition.api_hash is 'Uptrends'' own Hash of the definition.';
comment on column uptrends.alert_definition.raw is 'Alert definition record as received; secrets removed.';
comment on column uptrends.alert_definition.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.alert_definition.first_seen_at is 'When a sync first saw this definition (UTC).';
comment on column uptrends.alert_definition.last_seen_at is 'When a sync last saw this definition (UTC).';
comment on column uptrends.alert_definition.deleted_at is 'When a sync first found the definition gone (UTC); null while it exists.';

create table uptrends.alert_definition_member (
  account_id text not null,
  alert_definition_guid uuid not null,
  member_type text not null,
  member_guid uuid not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint alert_definition_member_pkey primary key (alert_definition_guid, member_type, member_guid),
  constraint alert_definition_member_type_check check (member_type in ('monitor', 'monitor_group'))
);

create index alert_definition_member_guid_idx on uptrends.alert_definition_member (member_guid);

comment on table uptrends.alert_definition_member is
  'What an alert definition covers (GET /AlertDefinition/{guid}/Member): one row per monitor or monitor group. A monitor is covered directly or through a group it belongs to (join monitor_group_member).';
comment on column uptrends.alert_definition_member.account_id is 'Account of the alert definition.';
comment on column uptrends.alert_definition_member.alert_definition_guid is 'Alert definition GUID; joins alert_definition.';
comment on column uptrends.alert_definition_member.member_type is 'monitor (member_guid joins monitor) or monitor_group (member_guid joins monitor_group).';
comment on column uptrends.alert_definition_member.member_guid is 'MonitorGuid or MonitorGroupGuid of the member, as member_type says.';
comment on column uptrends.alert_definition_member.run_id is 'etl_run id of the run that last saw this membership.';
comment on column uptrends.alert_definition_member.first_seen_at is 'When a sync first saw the member (UTC).';
comment on column uptrends.alert_definition_member.last_seen_at is 'When a sync last saw the member (UTC).';
comment on column uptrends.alert_definition_member.deleted_at is 'When a sync first found the member gone (UTC); null while a member.';

create table uptrends.alert_escalation_level (
  account_id text not null,
  alert_definition_guid uuid not null,
  escalation_level_id integer not null,
  escalation_mode text,
  threshold_error_count integer,
  threshold_minutes integer,
  is_active boolean,
  message text,
  number_of_reminders integer,
  reminder_delay_minutes integer,
  include_trace_route boolean,
  api_hash text,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint alert_escalation_level_pkey primary key (alert_definition_guid, escalation_level_id)
);

comment on table uptrends.alert_escalation_level is
  'Escalation levels of each alert definition (GET /AlertDefinition/{guid}/EscalationLevel): when a level alerts (after a number of errors or minutes of error) and how often it reminds.';
comment on column uptrends.alert_escalation_level.account_id is 'Account of the alert definition.';
comment on column uptrends.alert_escalation_level.alert_definition_guid is 'Alert definition GUID; joins alert_definition.';
comment on column uptrends.alert_escalation_level.escalation_level_id is 'Level number within the definition (Id), 1 first.';
comment on column uptrends.alert_escalation_level.escalation_mode is 'AlertOnErrorCount (threshold_error_count errors in a row) or AlertOnErrorDuration (threshold_minutes of error); unknown values are kept as sent.';
comment on column uptrends.alert_escalation_level.threshold_error_count is 'Errors in a row before this level alerts (AlertOnErrorCount).';
comment on column uptrends.alert_escalation_level.threshold_minutes is 'Minutes of error before this level alerts (AlertOnErrorDuration).';
comment on column uptrends.alert_escalation_level.is_active is 'False when this level is switched off.';
comment on column uptrends.alert_escalation_level.message is 'Extra text this level adds to its alerts.';
comment on column uptrends.alert_escalation_level.number_of_reminders is 'Reminders sent while the error lasts.';
comment on column uptrends.alert_escalation_level.reminder_delay_minutes is 'Minutes between reminders (ReminderDelay).';
comment on column uptrends.alert_escalation_level.include_trace_route is 'Whether alerts of this level include a trace route.';
comment on column uptrends.alert_escalation_level.api_hash is 'Uptrends'' own Hash of the level.';
comment on column uptrends.alert_escalation_level.raw is 'Escalation level record as received; secrets removed.';
comment on column uptrends.alert_escalation_level.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.alert_escalation_level.first_seen_at is 'When a sync first saw this level (UTC).';
comment on column uptrends.alert_escalation_level.last_seen_at is 'When a sync last saw this level (UTC).';
comment on column uptrends.alert_escalation_level.deleted_at is 'When a sync first found the level gone (UTC); null while it exists.';

create table uptrends.alert_escalation_level_member (
  account_id text not null,
  alert_definition_guid uuid not null,
  escalation_level_id integer not null,
  member_type text not null,
  member_guid uuid not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint alert_escalation_level_member_pkey primary key (alert_definition_guid, escalation_level_id, member_type, member_guid),
  constraint alert_escalation_level_member_type_check check (member_type in ('operator', 'operator_group'))
);

create index alert_escalation_level_member_guid_idx on uptrends.alert_escalation_level_member (member_guid);

comment on table uptrends.alert_escalation_level_member is
  'Who an escalation level alerts (GET /AlertDefinition/{guid}/EscalationLevel/{id}/Member): one row per operator or operator group. Expand groups with operator_group_member to list the people told.';
comment on column uptrends.alert_escalation_level_member.account_id is 'Account of the alert definition.';
comment on column uptrends.alert_escalation_level_member.alert_definition_guid is 'Alert definition GUID; joins alert_definition.';
comment on column uptrends.alert_escalation_level_member.escalation_level_id is 'Escalation level; joins alert_escalation_level with alert_definition_guid.';
comment on column uptrends.alert_escalation_level_member.member_type is 'operator (member_guid joins operator) or operator_group (member_guid joins operator_group).';
comment on column uptrends.alert_escalation_level_member.member_guid is 'OperatorGuid or OperatorGroupGuid of the member, as member_type says.';
comment on column uptrends.alert_escalation_level_member.run_id is 'etl_run id of the run that last saw this membership.';
comment on column uptrends.alert_escalation_level_member.first_seen_at is 'When a sync first saw the member (UTC).';
comment on column uptrends.alert_escalation_level_member.last_seen_at is 'When a sync last saw the member (UTC).';
comment on column uptrends.alert_escalation_level_member.deleted_at is 'When a sync first found the member gone (UTC); null while a member.';

create table uptrends.alert_escalation_level_integration (
  account_id text not null,
  alert_definition_guid uuid not null,
  escalation_level_id integer not null,
  integration_guid uuid not null,
  name text,
  integration_type text,
  extra_email_addresses text,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint alert_escalation_level_integration_pkey primary key (alert_definition_guid, escalation_level_id, integration_guid)
);

comment on table uptrends.alert_escalation_level_integration is
  'Integrations an escalation level alerts besides operators (GET /AlertDefinition/{guid}/EscalationLevel/{id}/Integration): e-mail, Slack, PagerDuty, SMS, phone, StatusHub, webhooks.';
comment on column uptrends.alert_escalation_level_integration.account_id is 'Account of the alert definition.';
comment on column uptrends.alert_escalation_level_integration.alert_definition_guid is 'Alert definition GUID; joins alert_definition.';
comment on column uptrends.alert_escalation_level_integration.escalation_level_id is 'Escalation level; joins alert_escalation_level with alert_definition_guid.';
comment on column uptrends.alert_escalation_level_integration.integration_guid is 'Integration GUID (IntegrationGuid).';
comment on column uptrends.alert_escalation_level_integration.name is 'Name of the integration.';
comment on column uptrends.alert_escalation_level_integration.integration_type is 'Type as sent: Slack, PagerDuty, Sms, Email, Phone, Statushub, GenericWebhook, or a newer value kept as is.';
comment on column uptrends.alert_escalation_level_integration.extra_email_addresses is 'Extra e-mail addresses an Email integration sends to, as sent.';
comment on column uptrends.alert_escalation_level_integration.raw is 'Integration record as received; secrets removed (webhook URLs may carry tokens).';
comment on column uptrends.alert_escalation_level_integration.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.alert_escalation_level_integration.first_seen_at is 'When a sync first saw this integration on the level (UTC).';
comment on column uptrends.alert_escalation_level_integration.last_seen_at is 'When a sync last saw this integration on the level (UTC).';
comment on column uptrends.alert_escalation_level_integration.deleted_at is 'When a sync first found the integration gone from the level (UTC); null while present.';
