/** Stream `monitor_group_members`: GET /MonitorGroup/{g}/Member per group (an array, as the real service sends). */
import {
  KNOWN_MONITOR_GROUP_MEMBER_FIELDS,
  monitorGroupMemberSchema,
} from '../schemas/monitor-group-member.ts';
import { monitorGroupMemberRow } from '../../transform/rows/monitor-group-member-row.ts';
import type { Row } from '../../load/merge-rows.ts';
import { defineListStream } from '../list-stream.ts';
import { field, guidText } from './field.ts';
import { liveIds } from './parents.ts';

export const monitorGroupMembersStream = defineListStream({
  name: 'monitor_group_members',
  description: 'Members of every monitor group (GET /MonitorGroup/{guid}/Member, one request per group).',
  route: '/MonitorGroup/{guid}/Member',
  schema: monitorGroupMemberSchema,
  known: KNOWN_MONITOR_GROUP_MEMBER_FIELDS,
  idOf: field('MonitorGuid'),
  parents: (ctx) => liveIds(ctx, 'monitor_group', 'monitor_group_guid'),
  path: (group) => `/MonitorGroup/${group ?? ''}/Member`,
  tables: [{ table: 'monitor_group_member', key: ['monitor_group_guid', 'monitor_guid'] }],
  toRows: ({ record, parent }, rowCtx) => ({
    monitor_group_member: [monitorGroupMemberRow(parent ?? '', record, rowCtx) as unknown as Row],
  }),
  keepKeys: (raw, parent) => {
    const guid = guidText(raw, 'MonitorGuid');
    return guid === undefined ? {} : { monitor_group_member: `${parent ?? ''}/${guid}` };
  },
});
