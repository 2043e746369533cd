/**
 * Stream `maintenance_periods`: GET /Monitor/{g}/MaintenancePeriod per monitor (the API has no
 * account-wide list, so this costs one request per monitor). Stored as defined; the SQL function
 * uptrends.maintenance_interval() expands recurring ones in the account's zone.
 */
import { KNOWN_MAINTENANCE_PERIOD_FIELDS, maintenancePeriodSchema } from '../schemas/maintenance-period.ts';
import { maintenancePeriodRow } from '../../transform/rows/maintenance-period-row.ts';
import type { Row } from '../../load/merge-rows.ts';
import { defineListStream } from '../list-stream.ts';
import { field, idText } from './field.ts';
import { liveIds } from './parents.ts';

export const maintenancePeriodsStream = defineListStream({
  name: 'maintenance_periods',
  description:
    'Maintenance periods of every monitor (GET /Monitor/{guid}/MaintenancePeriod, one request per monitor).',
  route: '/Monitor/{guid}/MaintenancePeriod',
  schema: maintenancePeriodSchema,
  known: KNOWN_MAINTENANCE_PERIOD_FIELDS,
  idOf: field('Id'),
  parents: (ctx) => liveIds(ctx, 'monitor', 'monitor_guid'),
  path: (monitor) => `/Monitor/${monitor ?? ''}/MaintenancePeriod`,
  tables: [{ table: 'maintenance_period', key: ['account_id', 'monitor_guid', 'maintenance_period_id'] }],
  toRows: ({ record, raw, parent }, rowCtx) => ({
    maintenance_period: [maintenancePeriodRow(parent ?? '', record, rowCtx, raw) as unknown as Row],
  }),
  keepKeys: (raw, parent, accountId) => {
    const id = idText(field('Id')(raw));
    return id === undefined ? {} : { maintenance_period: `${accountId}/${String(parent)}/${id}` };
  },
});
