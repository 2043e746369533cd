/** Streams `slas` (GET /Sla) and `sla_exclusion_periods` (GET /Sla/{guid}/ExclusionPeriod per SLA). */
import { slaExclusionPeriodSchema, slaSchema } from '../../extract/schemas/sla.ts';
import { slaExclusionPeriodRow, slaRow } from '../../transform/rows/sla-rows.ts';
import { defineListStream } from '../engine/list-engine.ts';
import { ACCOUNT, guidField, idField, PARENT } from '../engine/record-keys.ts';

export const slasStream = defineListStream({
  name: 'slas',
  description: 'SLA definitions with their uptime thresholds (GET /Sla).',
  route: '/Sla',
  schema: slaSchema,
  table: 'sla',
  key: { sla_guid: guidField('SlaGuid') },
  map: ({ record, raw }, row) => ({ sla: [slaRow(record, row, raw)] }),
});

export const slaExclusionPeriodsStream = defineListStream({
  name: 'sla_exclusion_periods',
  description: 'Exclusion periods of every SLA (GET /Sla/{guid}/ExclusionPeriod, one request per SLA).',
  route: '/Sla/{guid}/ExclusionPeriod',
  parents: { table: 'sla', columns: ['sla_guid'] },
  schema: slaExclusionPeriodSchema,
  table: 'sla_exclusion_period',
  key: { account_id: ACCOUNT, sla_guid: PARENT, exclusion_period_id: idField('ExclusionPeriodId') },
  map: ({ record, raw, parent }, row) => ({
    sla_exclusion_period: [slaExclusionPeriodRow(parent ?? '', record, row, raw)],
  }),
});
