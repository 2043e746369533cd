/** Streams `operators` (GET /Operator), `operator_groups` (GET /OperatorGroup) and their members. */
import {
  KNOWN_OPERATOR_FIELDS,
  OPERATOR_VALUES,
  operatorGroupMemberSchema,
  operatorGroupSchema,
  operatorSchema,
} from '../../extract/schemas/operator.ts';
import { operatorGroupMemberRow, operatorGroupRow, operatorRow } from '../../transform/rows/operator-rows.ts';
import { defineListStream } from '../engine/list-engine.ts';
import { guidField, PARENT } from '../engine/record-keys.ts';

export const operatorsStream = defineListStream({
  name: 'operators',
  description: 'Operators (user accounts) without any password (GET /Operator).',
  route: '/Operator',
  schema: operatorSchema,
  known: KNOWN_OPERATOR_FIELDS,
  values: OPERATOR_VALUES,
  table: 'operator',
  key: { operator_guid: guidField('OperatorGuid') },
  map: ({ record, raw }, row) => ({ operator: [operatorRow(record, row, raw)] }),
});

export const operatorGroupsStream = defineListStream({
  name: 'operator_groups',
  description: 'Operator groups (GET /OperatorGroup).',
  route: '/OperatorGroup',
  schema: operatorGroupSchema,
  table: 'operator_group',
  key: { operator_group_guid: guidField('OperatorGroupGuid') },
  map: ({ record, raw }, row) => ({ operator_group: [operatorGroupRow(record, row, raw)] }),
});

export const operatorGroupMembersStream = defineListStream({
  name: 'operator_group_members',
  description: 'Members of every operator group (GET /OperatorGroup/{guid}/Member, one request per group).',
  route: '/OperatorGroup/{guid}/Member',
  parents: { table: 'operator_group', columns: ['operator_group_guid'] },
  schema: operatorGroupMemberSchema,
  table: 'operator_group_member',
  key: { operator_group_guid: PARENT, operator_guid: guidField('OperatorGuid') },
  map: ({ record, parent }, row) => ({
    operator_group_member: [operatorGroupMemberRow(parent ?? '', record, row)],
  }),
});
