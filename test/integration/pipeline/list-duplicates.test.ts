/**
 * A list answer that names a record twice is taken as its last word, for every list stream of the
 * registry, whatever field differs (issue 40, item 4): each answer gets an earlier copy of its
 * first record with every field but its ids changed (dates a year earlier, texts longer, numbers
 * one more, flags flipped), and every table of every list stream ends exactly as a clean read left
 * it. Before, a monitor listed twice with different CreatedDate failed the stream
 * (monitor_history_open_idx).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { STREAMS } from '../../../src/pipeline/streams/index.ts';
import { simulatedSyncRig } from '../../support/simulated-sync.ts';

const LIST_STREAMS = STREAMS.filter((s) => s.kind === 'list' && s.api === 'api');
const TABLES = [...new Set(LIST_STREAMS.flatMap((s) => s.tables))];
// What a second read of the same answer may change: who wrote the row and when it was seen.
const VOLATILE = ['run_id', 'first_seen_at', 'last_seen_at', 'loaded_at'];

const rig = simulatedSyncRig({ seed: 13, monitors: 6, days: 5, now: new Date('2026-11-20T10:00:00Z') });

async function syncLists(): Promise<Record<string, string | undefined>> {
  const summary = await rig
    .sync({ streams: LIST_STREAMS.map((s) => s.name) })
    .catch((error: unknown) => ({ streams: { error: { status: String(error) } } }));
  return Object.fromEntries(Object.entries(summary.streams).map(([name, s]) => [name, s?.status]));
}

function snapshot(): Promise<Record<string, string[]>> {
  return rig.inspect(async (db) => {
    const out: Record<string, string[]> = {};
    for (const table of TABLES) {
      const drop = VOLATILE.map((c) => ` - '${c}'`).join('');
      const rows = await sql<{ row: string }>`
        select (to_jsonb(t)${sql.raw(drop)})::text as row from ${sql.table(`uptrends.${table}`)} t order by 1`.execute(
        db,
      );
      out[table] = rows.rows.map((r) => r.row);
    }
    return out;
  });
}

/** The record as an earlier, different copy: every field but its ids changed. */
function earlierCopy(record: unknown): unknown {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  const copy: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const [field, value] of Object.entries(copy)) {
    if (/(guid|id)$/i.test(field)) continue;
    if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value))
      copy[field] = `${Number(value.slice(0, 4)) - 1}${value.slice(4)}`;
    else if (typeof value === 'string') copy[field] = `${value} (earlier copy)`;
    else if (typeof value === 'number') copy[field] = value + 1;
    else if (typeof value === 'boolean') copy[field] = !value;
  }
  return copy;
}

/** The answer with an earlier, different copy of its first record in front. */
function withEarlierCopy(body: unknown): unknown {
  const list = Array.isArray(body) ? body : (body as { Data?: unknown }).Data;
  if (!Array.isArray(list) || list.length === 0) return body;
  const doubled = [earlierCopy(list[0]), ...list];
  return Array.isArray(body) ? doubled : { ...(body as object), Data: doubled };
}

describe('a record listed twice in one answer', () => {
  it('loads its last copy in every list stream, as a clean read does', async () => {
    const clean = await syncLists();
    for (const stream of LIST_STREAMS) expect(clean[stream.name], stream.name).toBe('succeeded');
    const before = await snapshot();
    expect(before.monitor!.length).toBeGreaterThan(0);
    let doubled = 0;
    for (const stream of LIST_STREAMS) {
      const route = stream.route.replace(/\{[a-z]+\}/g, '[^/?]+');
      rig.sim.inject({
        match: new RegExp(`^/v4${route}(\\?.*)?$`, 'i'),
        times: 10_000,
        transform: (body) => {
          doubled++;
          return withEarlierCopy(body);
        },
      });
    }
    try {
      const second = await syncLists();
      for (const stream of LIST_STREAMS) expect(second[stream.name], stream.name).toBe('succeeded');
    } finally {
      rig.sim.clearInjections();
    }
    expect(doubled).toBeGreaterThanOrEqual(LIST_STREAMS.length);
    expect(await snapshot()).toEqual(before);
  });
});
