/**
 * Streams `monitor_groups` (GET /MonitorGroup, with one row per group and account-local day in
 * monitor_group_quota_daily: the credit history the API does not keep; the last sync of a day
 * wins) and `monitor_group_members` (GET /MonitorGroup/{g}/Member per group: an array, as the real
 * service sends).
 */
import { monitorGroupMemberSchema, monitorGroupSchema } from '../../extract/schemas/monitor-group.ts';
import { localDateOf } from '../../time/calendar.ts';
import {
  monitorGroupMemberRow,
  monitorGroupQuotaDailyRow,
  monitorGroupRow,
} from '../../transform/rows/monitor-group-rows.ts';
import { defineListStream, listTable } from '../engine/list-engine.ts';
import { guidField, PARENT } from '../engine/record-keys.ts';

export const monitorGroupsStream = defineListStream({
  name: 'monitor_groups',
  description: 'Monitor groups and their daily credit-quota snapshot (GET /MonitorGroup).',
  route: '/MonitorGroup',
  schema: monitorGroupSchema,
  table: 'monitor_group',
  key: { monitor_group_guid: guidField('MonitorGroupGuid') },
  also: [
    listTable({
      table: 'monitor_group_quota_daily',
      key: ['monitor_group_guid', 'snapshot_date'],
      softDelete: false,
    }),
  ],
  map: ({ record, raw }, row, ctx) => {
    const now = ctx.clock();
    return {
      monitor_group: [monitorGroupRow(record, row, raw)],
      monitor_group_quota_daily: [monitorGroupQuotaDailyRow(record, localDateOf(now, ctx.zone), now, row)],
    };
  },
});

export const monitorGroupMembersStream = defineListStream({
  name: 'monitor_group_members',
  description: 'Members of every monitor group (GET /MonitorGroup/{guid}/Member, one request per group).',
  route: '/MonitorGroup/{guid}/Member',
  parents: { table: 'monitor_group', columns: ['monitor_group_guid'] },
  schema: monitorGroupMemberSchema,
  table: 'monitor_group_member',
  key: { monitor_group_guid: PARENT, monitor_guid: guidField('MonitorGuid') },
  map: ({ record, parent }, row) => ({
    monitor_group_member: [monitorGroupMemberRow(parent ?? '', record, row)],
  }),
});
