/**
 * Stream `monitor_groups`: GET /MonitorGroup into monitor_group, plus one row per group and
 * account-local day in monitor_group_quota_daily (the credit history the API does not keep; the
 * last sync of a day wins).
 */
import { KNOWN_MONITOR_GROUP_FIELDS, monitorGroupSchema } from '../schemas/monitor-group.ts';
import { monitorGroupQuotaDailyRow } from '../../transform/rows/monitor-group-quota-daily-row.ts';
import { monitorGroupRow } from '../../transform/rows/monitor-group-row.ts';
import { utcToLocal } from '../../time/zone-clock.ts';
import type { Row } from '../../load/merge-rows.ts';
import { defineListStream } from '../list-stream.ts';
import { field, guidText } from './field.ts';

export const monitorGroupsStream = defineListStream({
  name: 'monitor_groups',
  description: 'Monitor groups and their daily credit-quota snapshot (GET /MonitorGroup).',
  route: '/MonitorGroup',
  schema: monitorGroupSchema,
  known: KNOWN_MONITOR_GROUP_FIELDS,
  idOf: field('MonitorGroupGuid'),
  path: () => '/MonitorGroup',
  tables: [
    { table: 'monitor_group', key: ['monitor_group_guid'] },
    { table: 'monitor_group_quota_daily', key: ['monitor_group_guid', 'snapshot_date'], softDelete: false },
  ],
  toRows: ({ record, raw }, rowCtx, ctx) => {
    const now = ctx.clock();
    const snapshotDate = utcToLocal(now, ctx.zone).slice(0, 10);
    return {
      monitor_group: [monitorGroupRow(record, rowCtx, raw) as unknown as Row],
      monitor_group_quota_daily: [
        monitorGroupQuotaDailyRow(record, snapshotDate, now, rowCtx) as unknown as Row,
      ],
    };
  },
  keepKeys: (raw) => {
    const guid = guidText(raw, 'MonitorGroupGuid');
    return guid === undefined ? {} : { monitor_group: guid };
  },
});
