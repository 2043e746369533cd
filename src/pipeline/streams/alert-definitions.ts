/**
 * The alert definition streams: which monitors and groups alert whom, and how. Five list streams,
 * each a snapshot under its parents:
 * - `alert_definitions`: GET /AlertDefinition (one request).
 * - `alert_definition_members`: GET /AlertDefinition/{guid}/Member per definition.
 * - `alert_escalation_levels`: GET /AlertDefinition/{guid}/EscalationLevel per definition.
 * - `alert_escalation_level_members`: GET .../EscalationLevel/{id}/Member per level.
 * - `alert_escalation_level_integrations`: GET .../EscalationLevel/{id}/Integration per level.
 * The guide to this folder (docs/adding-a-stream.md) walks through them as its example.
 */
import {
  alertDefinitionMemberSchema,
  alertDefinitionSchema,
  ESCALATION_LEVEL_VALUES,
  escalationLevelIntegrationSchema,
  INTEGRATION_VALUES,
  escalationLevelMemberSchema,
  escalationLevelSchema,
} from '../../extract/schemas/alert-definition.ts';
import {
  alertDefinitionMemberRow,
  alertDefinitionRow,
  alertEscalationLevelIntegrationRow,
  alertEscalationLevelMemberRow,
  alertEscalationLevelRow,
  definitionMemberOf,
  levelMemberOf,
} from '../../transform/rows/alert-definition-rows.ts';
import { defineListStream } from '../engine/list-engine.ts';
import { computed, guidField, idField, PARENT, PARENT_SEPARATOR, parentPart } from '../engine/record-keys.ts';

/** The live escalation levels, as composite parents `definition/level`. */
const LEVELS = {
  table: 'alert_escalation_level',
  columns: ['alert_definition_guid', 'escalation_level_id'],
} as const;

/** The definition GUID and level id of a composite parent. */
function levelOf(parent: string | undefined): { definition: string; level: number } {
  const [definition = '', level = ''] = (parent ?? '').split(PARENT_SEPARATOR);
  return { definition, level: Number(level) };
}

const asRecord = (raw: unknown): Record<string, unknown> =>
  raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};

export const alertDefinitionsStream = defineListStream({
  name: 'alert_definitions',
  description: 'Alert definitions: the rules that turn monitor errors into alerts (GET /AlertDefinition).',
  route: '/AlertDefinition',
  schema: alertDefinitionSchema,
  table: 'alert_definition',
  key: { alert_definition_guid: guidField('AlertDefinitionGuid') },
  map: ({ record, raw }, row) => ({ alert_definition: [alertDefinitionRow(record, row, raw)] }),
});

export const alertDefinitionMembersStream = defineListStream({
  name: 'alert_definition_members',
  description:
    'Monitors and monitor groups each alert definition covers (GET /AlertDefinition/{guid}/Member, one request per definition).',
  route: '/AlertDefinition/{guid}/Member',
  parents: { table: 'alert_definition', columns: ['alert_definition_guid'] },
  schema: alertDefinitionMemberSchema,
  table: 'alert_definition_member',
  key: {
    alert_definition_guid: PARENT,
    member_type: computed((raw) => definitionMemberOf(asRecord(raw))?.type),
    member_guid: computed((raw) => definitionMemberOf(asRecord(raw))?.guid),
  },
  map: ({ record, parent }, row) => ({
    alert_definition_member: [alertDefinitionMemberRow(parent ?? '', record, row)],
  }),
});

export const alertEscalationLevelsStream = defineListStream({
  name: 'alert_escalation_levels',
  description:
    'Escalation levels of each alert definition: when and how often it alerts (GET /AlertDefinition/{guid}/EscalationLevel).',
  route: '/AlertDefinition/{guid}/EscalationLevel',
  parents: { table: 'alert_definition', columns: ['alert_definition_guid'] },
  schema: escalationLevelSchema,
  values: ESCALATION_LEVEL_VALUES,
  table: 'alert_escalation_level',
  key: { alert_definition_guid: PARENT, escalation_level_id: idField('Id') },
  map: ({ record, raw, parent }, row) => ({
    alert_escalation_level: [alertEscalationLevelRow(parent ?? '', record, row, raw)],
  }),
});

export const alertEscalationLevelMembersStream = defineListStream({
  name: 'alert_escalation_level_members',
  description:
    'Operators and operator groups each escalation level alerts (GET /AlertDefinition/{guid}/EscalationLevel/{id}/Member).',
  route: '/AlertDefinition/{guid}/EscalationLevel/{id}/Member',
  parents: LEVELS,
  schema: escalationLevelMemberSchema,
  table: 'alert_escalation_level_member',
  key: {
    alert_definition_guid: parentPart(0),
    escalation_level_id: parentPart(1),
    member_type: computed((raw) => levelMemberOf(asRecord(raw))?.type),
    member_guid: computed((raw) => levelMemberOf(asRecord(raw))?.guid),
  },
  map: ({ record, parent }, row) => {
    const { definition, level } = levelOf(parent);
    return { alert_escalation_level_member: [alertEscalationLevelMemberRow(definition, level, record, row)] };
  },
});

export const alertEscalationLevelIntegrationsStream = defineListStream({
  name: 'alert_escalation_level_integrations',
  description:
    'Integrations (e-mail, Slack, PagerDuty, ...) each escalation level alerts (GET /AlertDefinition/{guid}/EscalationLevel/{id}/Integration).',
  route: '/AlertDefinition/{guid}/EscalationLevel/{id}/Integration',
  parents: LEVELS,
  schema: escalationLevelIntegrationSchema,
  values: INTEGRATION_VALUES,
  table: 'alert_escalation_level_integration',
  key: {
    alert_definition_guid: parentPart(0),
    escalation_level_id: parentPart(1),
    integration_guid: guidField('IntegrationGuid'),
  },
  map: ({ record, raw, parent }, row) => {
    const { definition, level } = levelOf(parent);
    return {
      alert_escalation_level_integration: [
        alertEscalationLevelIntegrationRow(definition, level, record, row, raw),
      ],
    };
  },
});
