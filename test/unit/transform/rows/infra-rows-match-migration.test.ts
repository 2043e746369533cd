/**
 * Contract between the Infra row mappers and migration 000006: each mapper writes exactly the
 * columns of its table, except the seen stamps the loader adds. A column added on one side only
 * fails here rather than in an integration run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { infraDeviceSchema } from '../../../../src/extract/schemas/infra-device-group-data.ts';
import { infraDataFeedValueRows } from '../../../../src/transform/rows/infra-data-feed-value-rows.ts';
import { infraDeviceGroupRow } from '../../../../src/transform/rows/infra-device-group-row.ts';
import { infraDeviceRow } from '../../../../src/transform/rows/infra-device-row.ts';
import { infraDeviceUptimeDailyRow } from '../../../../src/transform/rows/infra-device-uptime-daily-row.ts';

const LOADER_OWNED = new Set(['first_seen_at', 'last_seen_at', 'deleted_at']);
const MIGRATION = readFileSync(
  new URL('../../../../sql/migrations/000006_infra.sql', import.meta.url),
  'utf8',
);

function columnsOf(table: string): string[] {
  const match = new RegExp(`create table uptrends\\.${table} \\(([\\s\\S]*?)\\n\\);`).exec(MIGRATION);
  if (match?.[1] === undefined) throw new Error(`table ${table} not in the migration`);
  return match[1]
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('constraint'))
    .map((line) => line.split(/\s+/)[0] ?? '')
    .filter((name) => !LOADER_OWNED.has(name))
    .sort();
}

const ctx = { accountId: 'a', zone: 'UTC', runId: 1 };
const raw = { Id: 1, DataFeeds: [{ Id: 'f', Value: '1' }] };
const device = infraDeviceSchema.parse(raw);

const ROWS: Record<string, object> = {
  infra_device_group: infraDeviceGroupRow(
    { id: 'all', name: 'All devices', parentId: null, depth: 0, status: null, raw: null },
    ctx,
  ),
  infra_device: infraDeviceRow(device, ['all'], ctx, raw),
  infra_device_uptime_daily: infraDeviceUptimeDailyRow(device, '2025-01-01', '20250101-20250101', ctx, raw),
  infra_data_feed_value: infraDataFeedValueRows(device, raw, new Date(0), ctx).rows[0] ?? {},
};

describe('Infra row mappers match migration 000006', () => {
  for (const [table, row] of Object.entries(ROWS)) {
    it(table, () => {
      expect(Object.keys(row).sort()).toEqual(columnsOf(table));
    });
  }
});
