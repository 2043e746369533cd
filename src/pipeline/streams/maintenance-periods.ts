/**
 * Stream `maintenance_periods`: GET /Monitor/{g}/MaintenancePeriod per monitor (the API has no
 * account-wide list, so this costs one request per monitor). Stored as defined; the SQL function
 * uptrends.maintenance_interval() expands recurring ones in the account's zone.
 */
import {
  MAINTENANCE_PERIOD_VALUES,
  maintenancePeriodSchema,
} from '../../extract/schemas/maintenance-period.ts';
import { maintenancePeriodRow } from '../../transform/rows/maintenance-period-row.ts';
import { defineListStream } from '../engine/list-engine.ts';
import { ACCOUNT, idField, PARENT } from '../engine/record-keys.ts';

export const maintenancePeriodsStream = defineListStream({
  name: 'maintenance_periods',
  description:
    'Maintenance periods of every monitor (GET /Monitor/{guid}/MaintenancePeriod, one request per monitor).',
  route: '/Monitor/{guid}/MaintenancePeriod',
  parents: { table: 'monitor', columns: ['monitor_guid'] },
  schema: maintenancePeriodSchema,
  values: MAINTENANCE_PERIOD_VALUES,
  table: 'maintenance_period',
  key: { account_id: ACCOUNT, monitor_guid: PARENT, maintenance_period_id: idField('Id') },
  map: ({ record, raw, parent }, row) => ({
    maintenance_period: [maintenancePeriodRow(parent ?? '', record, row, raw)],
  }),
});
