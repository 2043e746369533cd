/** Streams `slas` (GET /Sla) and `sla_exclusion_periods` (GET /Sla/{g}/ExclusionPeriod per SLA). */
import { KNOWN_SLA_FIELDS, slaSchema } from '../schemas/sla.ts';
import {
  KNOWN_SLA_EXCLUSION_PERIOD_FIELDS,
  slaExclusionPeriodSchema,
} from '../schemas/sla-exclusion-period.ts';
import { slaRow } from '../../transform/rows/sla-row.ts';
import { slaExclusionPeriodRow } from '../../transform/rows/sla-exclusion-period-row.ts';
import type { Row } from '../../load/merge-rows.ts';
import { defineListStream } from '../list-stream.ts';
import { field, guidText, idText } from './field.ts';
import { liveIds } from './parents.ts';

export const slasStream = defineListStream({
  name: 'slas',
  description: 'SLA definitions with their uptime thresholds (GET /Sla).',
  route: '/Sla',
  schema: slaSchema,
  known: KNOWN_SLA_FIELDS,
  idOf: field('SlaGuid'),
  path: () => '/Sla',
  tables: [{ table: 'sla', key: ['sla_guid'] }],
  toRows: ({ record, raw }, rowCtx) => ({ sla: [slaRow(record, rowCtx, raw) as unknown as Row] }),
  keepKeys: (raw) => {
    const guid = guidText(raw, 'SlaGuid');
    return guid === undefined ? {} : { sla: guid };
  },
});

export const slaExclusionPeriodsStream = defineListStream({
  name: 'sla_exclusion_periods',
  description: 'Exclusion periods of every SLA (GET /Sla/{guid}/ExclusionPeriod, one request per SLA).',
  route: '/Sla/{guid}/ExclusionPeriod',
  schema: slaExclusionPeriodSchema,
  known: KNOWN_SLA_EXCLUSION_PERIOD_FIELDS,
  idOf: field('ExclusionPeriodId'),
  parents: (ctx) => liveIds(ctx, 'sla', 'sla_guid'),
  path: (sla) => `/Sla/${sla ?? ''}/ExclusionPeriod`,
  tables: [{ table: 'sla_exclusion_period', key: ['account_id', 'sla_guid', 'exclusion_period_id'] }],
  toRows: ({ record, raw, parent }, rowCtx) => ({
    sla_exclusion_period: [slaExclusionPeriodRow(parent ?? '', record, rowCtx, raw) as unknown as Row],
  }),
  keepKeys: (raw, parent, accountId) => {
    const id = idText(field('ExclusionPeriodId')(raw));
    return id === undefined ? {} : { sla_exclusion_period: `${accountId}/${String(parent)}/${id}` };
  },
});
