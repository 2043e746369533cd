/**
 * Generates the account's alert definitions: who is told about which monitors, and how. Modelled on
 * the API v4 Swagger (AlertDefinition, AlertDefinitionMember, EscalationLevel,
 * AlertEscalationLevelMember, Integration) and the vendor's alerting articles: a default
 * definition for all monitors that e-mails everyone after two errors, a critical one whose first
 * level pages the on-call engineers after five minutes and whose second escalates to the
 * administrators with reminders, and an inactive one kept for a single monitor.
 */
import type { SimAlertDefinition, SimDirectory, SimGroup, SimMonitor } from '../dataset.ts';
import { deterministicGuid } from '../seeded-random.ts';

interface LevelSpec {
  mode: 'AlertOnErrorCount' | 'AlertOnErrorDuration';
  threshold: number;
  reminders: number;
  reminderDelay: number;
  message: string;
  /** Operator group descriptions and operator indexes alerted. */
  groups: string[];
  operators: number[];
  integrations: { name: string; type: string; extraEmail?: string }[];
}

/** Alert definitions with members, escalation levels, their members and integrations. */
export function generateAlertDefinitions(
  seed: number,
  monitors: readonly SimMonitor[],
  groups: readonly SimGroup[],
  directory: SimDirectory,
): SimAlertDefinition[] {
  const groupGuid = (description: string): string | undefined =>
    directory.operatorGroups.find((g) => g.wire.Description === description)?.wire.OperatorGroupGuid as
      string | undefined;
  const operatorGuid = (i: number): string | undefined =>
    directory.operators[i]?.OperatorGuid as string | undefined;
  const specs: {
    name: string;
    active: boolean;
    members: { MonitorGuid?: string; MonitorGroupGuid?: string }[];
    levels: LevelSpec[];
  }[] = [
    {
      name: 'Default alerting',
      active: true,
      members: groups.filter((g) => g.isAll).map((g) => ({ MonitorGroupGuid: g.guid })),
      levels: [
        {
          mode: 'AlertOnErrorCount',
          threshold: 2,
          reminders: 0,
          reminderDelay: 0,
          message: '',
          groups: ['Everyone'],
          operators: [],
          integrations: [{ name: 'Operations mailbox', type: 'Email', extraEmail: 'ops@example.com' }],
        },
      ],
    },
    {
      name: 'Critical services',
      active: true,
      members: [
        ...groups
          .filter((g) => !g.isAll)
          .slice(0, 1)
          .map((g) => ({ MonitorGroupGuid: g.guid })),
        ...monitors.slice(0, 2).map((m) => ({ MonitorGuid: m.guid })),
      ],
      levels: [
        {
          mode: 'AlertOnErrorDuration',
          threshold: 5,
          reminders: 2,
          reminderDelay: 30,
          message: 'Check the runbook before you escalate.',
          groups: ['On-call engineers'],
          operators: [],
          integrations: [{ name: '#incidents', type: 'Slack' }],
        },
        {
          mode: 'AlertOnErrorDuration',
          threshold: 30,
          reminders: 1,
          reminderDelay: 60,
          message: 'Still down after 30 minutes.',
          groups: ['Administrators'],
          operators: [0],
          integrations: [{ name: 'PagerDuty escalation', type: 'PagerDuty' }],
        },
      ],
    },
    {
      name: 'Legacy intranet (disabled)',
      active: false,
      members: monitors.slice(-1).map((m) => ({ MonitorGuid: m.guid })),
      levels: [
        {
          mode: 'AlertOnErrorCount',
          threshold: 3,
          reminders: 0,
          reminderDelay: 0,
          message: '',
          groups: [],
          operators: [2],
          integrations: [],
        },
      ],
    },
  ];
  return specs.map((spec, d) => {
    const guid = deterministicGuid(seed, 'alert-definition', d);
    return {
      guid,
      wire: {
        AlertDefinitionGuid: guid,
        AlertName: spec.name,
        IsActive: spec.active,
        Hash: guid.slice(0, 8),
      },
      members: spec.members,
      levels: spec.levels.map((level, l) => ({
        wire: {
          Id: l + 1,
          EscalationMode: level.mode,
          ThresholdErrorCount: level.mode === 'AlertOnErrorCount' ? level.threshold : 0,
          ThresholdMinutes: level.mode === 'AlertOnErrorDuration' ? level.threshold : 0,
          IsActive: true,
          Message: level.message,
          NumberOfReminders: level.reminders,
          ReminderDelay: level.reminderDelay,
          IncludeTraceRoute: l === 0,
          Hash: `${guid.slice(0, 6)}-${l + 1}`,
        },
        members: [
          ...level.groups.flatMap((g) => {
            const found = groupGuid(g);
            return found === undefined ? [] : [{ OperatorGroupGuid: found }];
          }),
          ...level.operators.flatMap((i) => {
            const found = operatorGuid(i);
            return found === undefined ? [] : [{ OperatorGuid: found }];
          }),
        ],
        integrations: level.integrations.map((integration, k) => ({
          IntegrationGuid: deterministicGuid(seed, `integration-${d}-${l}`, k),
          Name: integration.name,
          Type: integration.type,
          ...(integration.extraEmail === undefined ? {} : { ExtraEmailAddresses: integration.extraEmail }),
          IntegrationServices: [],
          Hash: `${guid.slice(0, 4)}${l}${k}`,
        })),
      })),
    };
  });
}
