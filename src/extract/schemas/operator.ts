/**
 * Operators (`GET /Operator`, never with a password), operator groups (`GET /OperatorGroup`) and
 * their members (an array on the real service, facts 4.1).
 */
import { enumText, guid, type KnownValues, int32 } from './lenient.ts';
import { z } from 'zod';

/** SmsProvider values. */
export const KNOWN_SMS_PROVIDERS = [
  'UseAccountSetting',
  'SmsProviderEurope',
  'SmsProviderEurope2',
  'SmsProviderUSA',
  'SmsProviderInternational',
] as const;

/** One operator; the GUID is required because it is the key. */
export const operatorSchema = z.looseObject({
  OperatorGuid: guid,
  FullName: z.string().nullish(),
  Email: z.string().nullish(),
  UserName: z.string().nullish(),
  MobilePhone: z.string().nullish(),
  BackupEmail: z.string().nullish(),
  IsAccountAdministrator: z.boolean().nullish(),
  IsOnDuty: z.boolean().nullish(),
  CultureName: z.string().nullish(),
  TimeZoneId: int32.nullish(),
  SmsProvider: enumText.nullish(),
  PhoneProvider: enumText.nullish(),
  UseNumericSender: z.boolean().nullish(),
  AllowNativeLogin: z.boolean().nullish(),
  AllowSingleSignon: z.boolean().nullish(),
  OperatorRole: enumText.nullish(),
  DefaultDashboard: z.string().nullish(),
  SetupMode: enumText.nullish(),
  Hash: z.string().nullish(),
});

/** A parsed operator. */
export type Operator = z.infer<typeof operatorSchema>;

/** The enum-like fields of an operator the warehouse types, with the values known. */
export const OPERATOR_VALUES: KnownValues = { SmsProvider: KNOWN_SMS_PROVIDERS };

const UNTYPED_KNOWN_FIELDS = [
  'Password',
  'OutgoingPhoneNumber',
  'OutgoingPhoneNumberId',
  'OutgoingPhoneNumberIdSpecified',
  'CultureNameSpecified',
  'TimeZoneIdSpecified',
  'UseNumericSenderSpecified',
  'AllowNativeLoginSpecified',
  'AllowSingleSignonSpecified',
];

/** Top-level fields the warehouse knows (typed or raw-only). */
export const KNOWN_OPERATOR_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(operatorSchema.shape),
  ...UNTYPED_KNOWN_FIELDS,
]);

/** One operator group; the GUID is required because it is the key. */
export const operatorGroupSchema = z.looseObject({
  OperatorGroupGuid: guid,
  Description: z.string().nullish(),
  IsEveryone: z.boolean().nullish(),
  IsAdministratorsGroup: z.boolean().nullish(),
  IsAdministratorGroup: z.boolean().nullish(),
});

/** A parsed operator group. */
export type OperatorGroup = z.infer<typeof operatorGroupSchema>;

/** One member entry; `OperatorGuid` is required (Swagger). */
export const operatorGroupMemberSchema = z.looseObject({
  OperatorGuid: guid,
});

/** A parsed member entry. */
export type OperatorGroupMember = z.infer<typeof operatorGroupMemberSchema>;
