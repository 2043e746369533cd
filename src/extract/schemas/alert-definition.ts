/**
 * Alert definitions (`GET /AlertDefinition`) and the lists under one: its members, its escalation
 * levels, and each level's members and integrations (2021 Swagger: AlertDefinition,
 * AlertDefinitionMember, EscalationLevel, AlertEscalationLevelMember, Integration). Every GUID that
 * is a record's key is required; the rest is as loose as the service is.
 */
import { z } from 'zod';
import { enumText, guid, type KnownValues, int32 } from './lenient.ts';

/** One alert definition. */
export const alertDefinitionSchema = z.looseObject({
  AlertDefinitionGuid: guid,
  AlertName: z.string().nullish(),
  IsActive: z.boolean().nullish(),
  Hash: z.string().nullish(),
});

/** A monitor or a monitor group an alert definition covers: exactly one of the two GUIDs. */
export const alertDefinitionMemberSchema = z
  .looseObject({ MonitorGuid: guid.nullish(), MonitorGroupGuid: guid.nullish() })
  .refine((m) => (m.MonitorGuid == null) !== (m.MonitorGroupGuid == null), {
    message: 'a member has exactly one of MonitorGuid and MonitorGroupGuid',
  });

/** Escalation modes the API documents; others are stored as sent. */
export const KNOWN_ESCALATION_MODES = ['AlertOnErrorCount', 'AlertOnErrorDuration'] as const;

/** One escalation level of a definition. */
export const escalationLevelSchema = z.looseObject({
  Id: int32,
  EscalationMode: enumText.nullish(),
  ThresholdErrorCount: int32.nullish(),
  ThresholdMinutes: int32.nullish(),
  IsActive: z.boolean().nullish(),
  Message: z.string().nullish(),
  NumberOfReminders: int32.nullish(),
  ReminderDelay: int32.nullish(),
  IncludeTraceRoute: z.boolean().nullish(),
  Hash: z.string().nullish(),
});

/** An operator or an operator group an escalation level alerts: exactly one of the two GUIDs. */
export const escalationLevelMemberSchema = z
  .looseObject({ OperatorGuid: guid.nullish(), OperatorGroupGuid: guid.nullish() })
  .refine((m) => (m.OperatorGuid == null) !== (m.OperatorGroupGuid == null), {
    message: 'a member has exactly one of OperatorGuid and OperatorGroupGuid',
  });

/** Integration types the API documents; others are stored as sent. */
export const KNOWN_INTEGRATION_TYPES = [
  'Slack',
  'PagerDuty',
  'Sms',
  'Email',
  'Phone',
  'Statushub',
  'GenericWebhook',
] as const;

/** An integration an escalation level alerts. */
export const escalationLevelIntegrationSchema = z.looseObject({
  IntegrationGuid: guid,
  Name: z.string().nullish(),
  Type: enumText.nullish(),
  ExtraEmailAddresses: z.string().nullish(),
  Hash: z.string().nullish(),
});

/** The enum-like fields of an escalation level, with the values known. */
export const ESCALATION_LEVEL_VALUES: KnownValues = { EscalationMode: KNOWN_ESCALATION_MODES };

/** The enum-like fields of an integration, with the values known. */
export const INTEGRATION_VALUES: KnownValues = { Type: KNOWN_INTEGRATION_TYPES };

/** Parsed records. */
export type AlertDefinition = z.infer<typeof alertDefinitionSchema>;
export type AlertDefinitionMember = z.infer<typeof alertDefinitionMemberSchema>;
export type EscalationLevel = z.infer<typeof escalationLevelSchema>;
export type EscalationLevelMember = z.infer<typeof escalationLevelMemberSchema>;
export type EscalationLevelIntegration = z.infer<typeof escalationLevelIntegrationSchema>;
