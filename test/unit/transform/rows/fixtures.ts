/** Records and context shared by the row mapper tests (parsed through the real schemas). */
import { monitorSchema } from '../../../../src/extract/schemas/monitor.ts';
import type { RowContext } from '../../../../src/transform/row-context.ts';

export const CTX: RowContext = { accountId: '123456', zone: 'Europe/Amsterdam', runId: 42 };

export const MONITOR_GUID = '1D2F5FAC-730C-45B0-A077-4AB82AAEE14E';

export const MONITOR_INPUT = {
  MonitorGuid: MONITOR_GUID,
  Name: 'Galactic Resorts homepage',
  MonitorType: 'Https',
  MonitorMode: 'Production',
  IsActive: true,
  GenerateAlert: true,
  CheckInterval: 5,
  Url: 'https://galacticresorts.com',
  CreatedDate: '2025-03-30T02:30:00',
  LastModifiedDate: '2025-10-26T02:30:00',
  Hash: 'abc',
  Password: 'hunter2',
  RequestHeaders: [{ Name: 'Authorization', Value: 'Bearer x' }],
  BrandNewField: 'kept',
  ErrorConditions: [
    { ErrorConditionType: 'ContentMatch', Value: 'Welcome', MatchType: 'ErrorWhenNotContains' },
    { ErrorConditionType: 'ContentMatch', Value: 'Footer', MatchType: 'ErrorWhenNotContains' },
    { ErrorConditionType: 'LoadTimeLimit2', Value: '5000', Effect: 'Error' },
  ],
};

export const MONITOR = monitorSchema.parse(MONITOR_INPUT);
