/** Streams `operators` (GET /Operator), `operator_groups` (GET /OperatorGroup) and their members. */
import { KNOWN_OPERATOR_FIELDS, operatorSchema } from '../schemas/operator.ts';
import { KNOWN_OPERATOR_GROUP_FIELDS, operatorGroupSchema } from '../schemas/operator-group.ts';
import {
  KNOWN_OPERATOR_GROUP_MEMBER_FIELDS,
  operatorGroupMemberSchema,
} from '../schemas/operator-group-member.ts';
import { operatorRow } from '../../transform/rows/operator-row.ts';
import { operatorGroupRow } from '../../transform/rows/operator-group-row.ts';
import { operatorGroupMemberRow } from '../../transform/rows/operator-group-member-row.ts';
import type { Row } from '../../load/merge-rows.ts';
import { defineListStream } from '../list-stream.ts';
import { field, guidText } from './field.ts';
import { liveIds } from './parents.ts';

export const operatorsStream = defineListStream({
  name: 'operators',
  description: 'Operators (user accounts) without any password (GET /Operator).',
  route: '/Operator',
  schema: operatorSchema,
  known: KNOWN_OPERATOR_FIELDS,
  idOf: field('OperatorGuid'),
  path: () => '/Operator',
  tables: [{ table: 'operator', key: ['operator_guid'] }],
  toRows: ({ record, raw }, rowCtx) => ({ operator: [operatorRow(record, rowCtx, raw) as unknown as Row] }),
  keepKeys: (raw) => {
    const guid = guidText(raw, 'OperatorGuid');
    return guid === undefined ? {} : { operator: guid };
  },
});

export const operatorGroupsStream = defineListStream({
  name: 'operator_groups',
  description: 'Operator groups (GET /OperatorGroup).',
  route: '/OperatorGroup',
  schema: operatorGroupSchema,
  known: KNOWN_OPERATOR_GROUP_FIELDS,
  idOf: field('OperatorGroupGuid'),
  path: () => '/OperatorGroup',
  tables: [{ table: 'operator_group', key: ['operator_group_guid'] }],
  toRows: ({ record, raw }, rowCtx) => ({
    operator_group: [operatorGroupRow(record, rowCtx, raw) as unknown as Row],
  }),
  keepKeys: (raw) => {
    const guid = guidText(raw, 'OperatorGroupGuid');
    return guid === undefined ? {} : { operator_group: guid };
  },
});

export const operatorGroupMembersStream = defineListStream({
  name: 'operator_group_members',
  description: 'Members of every operator group (GET /OperatorGroup/{guid}/Member, one request per group).',
  route: '/OperatorGroup/{guid}/Member',
  schema: operatorGroupMemberSchema,
  known: KNOWN_OPERATOR_GROUP_MEMBER_FIELDS,
  idOf: field('OperatorGuid'),
  parents: (ctx) => liveIds(ctx, 'operator_group', 'operator_group_guid'),
  path: (group) => `/OperatorGroup/${group ?? ''}/Member`,
  tables: [{ table: 'operator_group_member', key: ['operator_group_guid', 'operator_guid'] }],
  toRows: ({ record, parent }, rowCtx) => ({
    operator_group_member: [operatorGroupMemberRow(parent ?? '', record, rowCtx) as unknown as Row],
  }),
  keepKeys: (raw, parent) => {
    const guid = guidText(raw, 'OperatorGuid');
    return guid === undefined ? {} : { operator_group_member: `${parent ?? ''}/${guid}` };
  },
});
