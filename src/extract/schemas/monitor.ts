/**
 * `GET /Monitor`: one monitor's configuration. Fields vary by monitor type and by the caller's
 * rights (a view-only operator gets six fields), so only MonitorGuid is required; the fields the
 * warehouse types are declared here, every other field stays in `raw`.
 */
import { z } from 'zod';
import { ERROR_CONDITION_VALUES, errorConditionSchema } from './error-condition.ts';
import {
  enumText,
  guid,
  type KnownValues,
  checkInterval,
  int32,
  portNumber,
  lenientNumber,
  localTimestampText,
} from './lenient.ts';

/** MonitorType values (2023 Swagger, plus RealBrowserCheck of 2021 and both Postman spellings). */
export const KNOWN_MONITOR_TYPES = [
  'Http',
  'Https',
  'Connect',
  'Ping',
  'POP3',
  'SMTP',
  'FTP',
  'MySQL',
  'MSSQL',
  'WebserviceHttp',
  'WebserviceHttps',
  'Transaction',
  'DNS',
  'FullPageCheck',
  'RealBrowserCheck',
  'Certificate',
  'SFTP',
  'MultiStepApi',
  'IMAP',
  'PostmanApi',
  'Postman',
] as const;

/**
 * MonitorType values the service no longer sends (RealBrowserCheck of the 2021 Swagger, the old
 * Postman spelling): read when met, never emitted by the simulator.
 */
export const LEGACY_MONITOR_TYPES: ReadonlySet<string> = new Set(['RealBrowserCheck', 'Postman']);

/** MonitorMode values; only Production monitors count for uptime, alerts and SLAs. */
export const KNOWN_MONITOR_MODES = ['Development', 'Staging', 'Production'] as const;

/**
 * The fields of a monitor an operator without administrator rights receives (spec, authentication
 * rule 10): a record that carries no other field was read with fewer rights, not emptied.
 */
export const VIEWER_MONITOR_FIELDS = [
  'MonitorGuid',
  'Name',
  'MonitorType',
  'MonitorMode',
  'IsActive',
  'GenerateAlert',
] as const;

const VIEWER_FIELDS: ReadonlySet<string> = new Set(VIEWER_MONITOR_FIELDS);

/** True for a monitor record as a non-administrator reads it: no field beyond the six. */
export function isViewerMonitorRecord(raw: unknown): boolean {
  return (
    raw !== null &&
    typeof raw === 'object' &&
    !Array.isArray(raw) &&
    Object.keys(raw).every((field) => VIEWER_FIELDS.has(field))
  );
}

/** One monitor. Deprecated condition fields are typed because errorConditionsOf maps them. */
export const monitorSchema = z.looseObject({
  MonitorGuid: guid,
  Name: z.string().nullish(),
  MonitorType: enumText.nullish(),
  MonitorMode: enumText.nullish(),
  IsActive: z.boolean().nullish(),
  GenerateAlert: z.boolean().nullish(),
  IsLocked: z.boolean().nullish(),
  /** Minutes, whatever the spec text says (facts 3.5). */
  CheckInterval: checkInterval(60).nullish(),
  CheckIntervalSeconds: checkInterval(1).nullish(),
  CreatedDate: localTimestampText.nullish(),
  LastModifiedDate: localTimestampText.nullish(),
  Url: z.string().nullish(),
  NetworkAddress: z.string().nullish(),
  Port: portNumber.nullish(),
  Notes: z.string().nullish(),
  Hash: z.string().nullish(),
  Credits: lenientNumber.nullish(),
  UseConcurrentMonitoring: z.boolean().nullish(),
  ErrorConditions: z.array(errorConditionSchema).nullish(),
  AlertOnLoadTimeLimit1: z.boolean().nullish(),
  LoadTimeLimit1: lenientNumber.nullish(),
  AlertOnLoadTimeLimit2: z.boolean().nullish(),
  LoadTimeLimit2: lenientNumber.nullish(),
  AlertOnMaximumBytes: z.boolean().nullish(),
  MaximumBytes: lenientNumber.nullish(),
  AlertOnMinimumBytes: z.boolean().nullish(),
  MinimumBytes: lenientNumber.nullish(),
  AlertOnMaximumSize: z.boolean().nullish(),
  ElementMaximumSize: lenientNumber.nullish(),
  AlertOnPercentageFail: z.boolean().nullish(),
  FailedObjectPercentage: lenientNumber.nullish(),
  ExpectedHttpStatusCode: int32.nullish(),
  ExpectedHttpStatusCodeSpecified: z.boolean().nullish(),
});

/** A parsed monitor. */
export type Monitor = z.infer<typeof monitorSchema>;

/** The enum-like fields of a monitor and its error conditions, with the values known. */
export const MONITOR_VALUES: KnownValues = {
  MonitorType: KNOWN_MONITOR_TYPES,
  MonitorMode: KNOWN_MONITOR_MODES,
  ...ERROR_CONDITION_VALUES,
};

// Fields documented by the Swagger files and the vendor's Terraform provider that the warehouse
// keeps only in `raw`; listing them keeps the once-per-run unknown-field report meaningful.
const UNTYPED_KNOWN_FIELDS = [
  'CustomFields',
  'SelectedCheckpoints',
  'UsePrimaryCheckpointsOnly',
  'RequestHeaders',
  'UserAgent',
  'Username',
  'Password',
  'AuthenticationType',
  'CheckCertificateErrors',
  'IpVersion',
  'NativeIPv6Only',
  'HttpMethod',
  'HttpVersion',
  'TlsVersion',
  'RequestBody',
  'MatchPatterns',
  'PredefinedVariables',
  'MsaSteps',
  'UserDefinedFunctions',
  'CustomMetrics',
  'SelfServiceTransactionScript',
  'MultiStepApiTransactionScript',
  'PostmanCollectionJson',
  'BlockGoogleAnalytics',
  'BlockUptrendsRum',
  'BlockUrls',
  'NameForPhoneAlerts',
  'ThrottlingOptions',
  'DnsBypasses',
  'TransactionStepDefinition',
  'CertificateName',
  'CertificateOrganization',
  'CertificateOrganizationalUnit',
  'CertificateSerialNumber',
  'CertificateFingerprint',
  'CertificateIssuerName',
  'CertificateIssuerCompanyName',
  'CertificateIssuerOrganizationalUnit',
  'CertificateExpirationWarningDays',
  'IgnoreExternalElements',
  'DomainGroupGuid',
  'DomainGroupGuidSpecified',
  'DnsServer',
  'DnsQuery',
  'DnsExpectedResult',
  'DnsTestValue',
  'DatabaseName',
  'ImapSecureConnection',
  'SftpAction',
  'SftpActionPath',
  'BrowserType',
  'BrowserWindowDimensions',
  'ConcurrentUnconfirmedErrorThreshold',
  'ConcurrentConfirmedErrorThreshold',
  'UseW3CTotalTime',
];

/** Top-level fields the warehouse knows (typed or raw-only). */
export const KNOWN_MONITOR_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(monitorSchema.shape),
  ...UNTYPED_KNOWN_FIELDS,
]);
