/**
 * Streams `checkpoints` (GET /Checkpoint: the locations Uptrends monitors from, with the addresses a
 * firewall must let through) and `checkpoint_regions` (GET /CheckpointRegion: the regions that
 * group them). Reference lists, one request each; the checkpoints come inside the `Data` envelope,
 * the regions as a bare array.
 */
import { checkpointRegionSchema, checkpointSchema } from '../../extract/schemas/checkpoint.ts';
import { checkpointRegionRow, checkpointRow } from '../../transform/rows/checkpoint-rows.ts';
import { defineListStream } from '../engine/list-engine.ts';
import { ACCOUNT, idField } from '../engine/record-keys.ts';

export const checkpointsStream = defineListStream({
  name: 'checkpoints',
  description: 'Checkpoints (monitoring locations) with their IPv4 and IPv6 addresses (GET /Checkpoint).',
  route: '/Checkpoint',
  envelope: 'data',
  schema: checkpointSchema,
  table: 'checkpoint',
  key: { account_id: ACCOUNT, checkpoint_id: idField('Id') },
  map: ({ record, raw }, row) => ({ checkpoint: [checkpointRow(record, row, raw)] }),
});

export const checkpointRegionsStream = defineListStream({
  name: 'checkpoint_regions',
  description: 'Checkpoint regions and the regions inside each (GET /CheckpointRegion).',
  route: '/CheckpointRegion',
  schema: checkpointRegionSchema,
  table: 'checkpoint_region',
  key: { account_id: ACCOUNT, checkpoint_region_id: idField('Id') },
  map: ({ record, raw }, row) => ({ checkpoint_region: [checkpointRegionRow(record, row, raw)] }),
});
