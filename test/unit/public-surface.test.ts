/**
 * The package's public surface (src/index.ts), listed: adding or removing an export is a decision
 * this file records, as kysely checks its exports. Every command has its function here, and the
 * types a program needs to call it (its options, and the types of their fields) are exported too.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.ts';

const INDEX = fileURLToPath(new URL('../../src/index.ts', import.meta.url));

const VALUES = [
  'AuthError',
  'ConfigError',
  'DEFAULT_RAW_ALERT_ROW_LIMIT',
  'DEFAULT_REPORT_DIR',
  'DEFAULT_REPORT_ON',
  'DEFAULT_SLA_TARGET',
  'DEFAULT_SYNC_OPTIONS',
  'DEFAULT_WAIT_SECONDS',
  'DatabaseError',
  'EtlError',
  'HttpError',
  'InterruptedError',
  'LockError',
  'MailError',
  'NoDataError',
  'PartialRunError',
  'QueryError',
  'REPORT_KINDS',
  'RateLimitError',
  'RecordValidationError',
  'ReportError',
  'ResponseFormatError',
  'RunFailedError',
  'SYNC_OPTION_RANGES',
  'StreamError',
  'UsageError',
  'VERSION',
  'WORKER_DEFAULTS',
  'WORKER_RANGES',
  'createLogger',
  'describeConfig',
  'errorFromRecord',
  'errorRecord',
  'getRun',
  'getStatus',
  'isRetriable',
  'listSubscriptions',
  'listenFailure',
  'loadConfig',
  'loadConfigFile',
  'migrate',
  'openWarehouse',
  'previewNightly',
  'readEnvironment',
  'resolveSyncOptions',
  'runAtRiskReport',
  'runCheck',
  'runDemo',
  'runNightly',
  'runReadOnlyQuery',
  'runReports',
  'runSync',
  'runWorker',
  'sendSubscription',
  'startWireServer',
  'streamReadOnlyQuery',
];

const TYPES = [
  'AccountSetting',
  'AccountStatus',
  'AtRiskReportResult',
  'CheckResult',
  'Clock',
  'Config',
  'ConfigFile',
  'ConfigFileSource',
  'DefaultSubscriptionRequest',
  'DeliveryOutcome',
  'DemoDeps',
  'DemoOptions',
  'DemoResult',
  'DemoWarehouse',
  'ErrorCode',
  'ErrorContext',
  'ErrorRecord',
  'EtlErrorOptions',
  'ExplicitSyncFlags',
  'IncidentHeadline',
  'JobCounts',
  'JobOptions',
  'LocalDate',
  'Logger',
  'LoggerOptions',
  'MigrateResult',
  'NightlyMailConfig',
  'NightlyPreview',
  'NightlyResult',
  'PeriodInput',
  'PeriodOptions',
  'PresetPeriod',
  'ProgressSink',
  'QueryErrorCode',
  'QueryResult',
  'ReadOnlyQueryOptions',
  'ReportFormat',
  'ReportJobOptions',
  'ReportKind',
  'ReportPeriod',
  'ReportRequestOptions',
  'ReportScopeChoice',
  'ReportsResult',
  'ResolvedNightly',
  'ResolvedReportRequest',
  'RowBatch',
  'RunAtRiskJobOptions',
  'RunDetail',
  'RunNightlyOptions',
  'RunReportsJobOptions',
  'RunStatus',
  'RunSummary',
  'RunSyncOptions',
  'RunningWireServer',
  'SendSubscriptionOptions',
  'SlaHeadline',
  'StreamCounts',
  'SubscriptionJobOptions',
  'SubscriptionList',
  'SubscriptionRunResult',
  'SyncRequest',
  'SyncSummary',
  'Warehouse',
  'WarehouseStatus',
  'WarehouseTarget',
  'WireServerOptions',
  'WorkerRunOptions',
  'WorkerSummary',
];

/** The function a program calls for each command (simulate is a separate program). */
const COMMAND_FUNCTIONS: Readonly<Record<string, string>> = {
  demo: 'runDemo',
  migrate: 'migrate',
  check: 'runCheck',
  sync: 'runSync',
  nightly: 'runNightly',
  'nightly --dry-run': 'previewNightly',
  worker: 'runWorker',
  'report sla | incidents': 'runReports',
  'report at-risk': 'runAtRiskReport',
  'report send --subscription': 'sendSubscription',
  'report subscriptions': 'listSubscriptions',
  status: 'getStatus',
  query: 'streamReadOnlyQuery',
  serve: 'startWireServer',
};

const program = ts.createProgram([INDEX], {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2023,
  allowImportingTsExtensions: true,
  noEmit: true,
  skipLibCheck: true,
  types: ['node'],
});
const checker = program.getTypeChecker();
const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(INDEX)!)!);
const names = exported.map((s) => s.getName());

describe('the public surface of uptrends-etl', () => {
  it('exports exactly these values at run time', () => {
    expect(Object.keys(api).sort()).toEqual([...VALUES].sort());
  });

  it('exports exactly these names, types included', () => {
    expect([...names].sort()).toEqual([...VALUES, ...TYPES].sort());
  });

  it.each(Object.entries(COMMAND_FUNCTIONS))('%s: a program calls %s', (_command, fn) => {
    expect(typeof (api as Record<string, unknown>)[fn]).toBe('function');
  });

  it('the type of every field of the jobs’ options is exported, or a built-in or literal type', () => {
    const options = [
      'RunSyncOptions',
      'RunNightlyOptions',
      'RunReportsJobOptions',
      'RunAtRiskJobOptions',
      'SendSubscriptionOptions',
      'SubscriptionJobOptions',
      'DemoOptions',
      'DemoWarehouse',
      'DemoDeps',
      'WorkerRunOptions',
      'ReadOnlyQueryOptions',
      'WarehouseTarget',
    ];
    const missing: string[] = [];
    for (const name of options) {
      const symbol = exported.find((s) => s.getName() === name);
      expect(symbol, name).toBeDefined();
      const type = checker.getDeclaredTypeOfSymbol(checker.getAliasedSymbol(symbol!));
      for (const property of checker.getPropertiesOfType(type)) {
        const propertyType = checker.getNonNullableType(checker.getTypeOfSymbol(property));
        const parts = propertyType.isUnion() ? propertyType.types : [propertyType];
        for (const part of parts) {
          const named = part.aliasSymbol ?? part.getSymbol();
          const declaration = named?.declarations?.[0];
          // Types declared in this project's src/ must be reachable from the package.
          if (declaration === undefined || !declaration.getSourceFile().fileName.includes('/src/')) continue;
          if ((part.flags & ts.TypeFlags.Object) === 0 && part.aliasSymbol === undefined) continue;
          if (named!.getName() === '__type' || named!.getName() === '__function') continue;
          if (!names.includes(named!.getName()))
            missing.push(
              `${name}.${property.getName()}: ${named!.getName()} (${path.basename(declaration.getSourceFile().fileName)})`,
            );
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
