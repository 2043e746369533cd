/**
 * Rows of the alert definition tables: the definitions, what they cover, their escalation levels,
 * and whom each level alerts. A member record names a monitor or a group (an operator or an
 * operator group for a level): the row says which in `member_type`, so one key covers both.
 */
import type {
  AlertDefinition,
  AlertDefinitionMember,
  EscalationLevel,
  EscalationLevelIntegration,
  EscalationLevelMember,
} from '../../extract/schemas/alert-definition.ts';
import type { MappedRow } from '../../load/schema.ts';
import type { RowContext } from '../row-context.ts';
import { rawColumn } from '../raw-column.ts';

/** Which kind of member a definition member record is, and its GUID (lower case). */
export function definitionMemberOf(member: {
  MonitorGuid?: unknown;
  MonitorGroupGuid?: unknown;
}): { type: 'monitor' | 'monitor_group'; guid: string } | undefined {
  if (typeof member.MonitorGuid === 'string')
    return { type: 'monitor', guid: member.MonitorGuid.toLowerCase() };
  if (typeof member.MonitorGroupGuid === 'string')
    return { type: 'monitor_group', guid: member.MonitorGroupGuid.toLowerCase() };
  return undefined;
}

/** Which kind of member an escalation level member record is, and its GUID (lower case). */
export function levelMemberOf(member: {
  OperatorGuid?: unknown;
  OperatorGroupGuid?: unknown;
}): { type: 'operator' | 'operator_group'; guid: string } | undefined {
  if (typeof member.OperatorGuid === 'string')
    return { type: 'operator', guid: member.OperatorGuid.toLowerCase() };
  if (typeof member.OperatorGroupGuid === 'string')
    return { type: 'operator_group', guid: member.OperatorGroupGuid.toLowerCase() };
  return undefined;
}

/** `uptrends.alert_definition` row. */
export function alertDefinitionRow(
  definition: AlertDefinition,
  ctx: RowContext,
  original?: unknown,
): MappedRow<'alert_definition'> {
  return {
    account_id: ctx.accountId,
    alert_definition_guid: definition.AlertDefinitionGuid.toLowerCase(),
    name: definition.AlertName ?? null,
    is_active: definition.IsActive ?? null,
    api_hash: definition.Hash ?? null,
    raw: rawColumn(original ?? definition),
    run_id: ctx.runId,
  };
}

/** `uptrends.alert_definition_member` row of a member listed under `definitionGuid`. */
export function alertDefinitionMemberRow(
  definitionGuid: string,
  member: AlertDefinitionMember,
  ctx: RowContext,
): MappedRow<'alert_definition_member'> {
  // The schema guarantees exactly one of the two GUIDs.
  const { type, guid } = definitionMemberOf(member)!;
  return {
    account_id: ctx.accountId,
    alert_definition_guid: definitionGuid.toLowerCase(),
    member_type: type,
    member_guid: guid,
    run_id: ctx.runId,
  };
}

/** `uptrends.alert_escalation_level` row of a level of `definitionGuid`. */
export function alertEscalationLevelRow(
  definitionGuid: string,
  level: EscalationLevel,
  ctx: RowContext,
  original?: unknown,
): MappedRow<'alert_escalation_level'> {
  return {
    account_id: ctx.accountId,
    alert_definition_guid: definitionGuid.toLowerCase(),
    escalation_level_id: level.Id,
    escalation_mode: level.EscalationMode ?? null,
    threshold_error_count: level.ThresholdErrorCount ?? null,
    threshold_minutes: level.ThresholdMinutes ?? null,
    is_active: level.IsActive ?? null,
    message: level.Message ?? null,
    number_of_reminders: level.NumberOfReminders ?? null,
    reminder_delay_minutes: level.ReminderDelay ?? null,
    include_trace_route: level.IncludeTraceRoute ?? null,
    api_hash: level.Hash ?? null,
    raw: rawColumn(original ?? level),
    run_id: ctx.runId,
  };
}

/** `uptrends.alert_escalation_level_member` row of a member of level `levelId`. */
export function alertEscalationLevelMemberRow(
  definitionGuid: string,
  levelId: number,
  member: EscalationLevelMember,
  ctx: RowContext,
): MappedRow<'alert_escalation_level_member'> {
  const { type, guid } = levelMemberOf(member)!;
  return {
    account_id: ctx.accountId,
    alert_definition_guid: definitionGuid.toLowerCase(),
    escalation_level_id: levelId,
    member_type: type,
    member_guid: guid,
    run_id: ctx.runId,
  };
}

/** `uptrends.alert_escalation_level_integration` row of an integration of level `levelId`. */
export function alertEscalationLevelIntegrationRow(
  definitionGuid: string,
  levelId: number,
  integration: EscalationLevelIntegration,
  ctx: RowContext,
  original?: unknown,
): MappedRow<'alert_escalation_level_integration'> {
  return {
    account_id: ctx.accountId,
    alert_definition_guid: definitionGuid.toLowerCase(),
    escalation_level_id: levelId,
    integration_guid: integration.IntegrationGuid.toLowerCase(),
    name: integration.Name ?? null,
    integration_type: integration.Type ?? null,
    extra_email_addresses: integration.ExtraEmailAddresses ?? null,
    raw: rawColumn(original ?? integration),
    run_id: ctx.runId,
  };
}
