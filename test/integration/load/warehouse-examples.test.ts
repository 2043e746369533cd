/**
 * The data dictionary cannot drift: every example query of docs/warehouse-examples.sql runs on a
 * warehouse synced from the simulator (every stream, Infra included, 70 days up to now) and returns
 * rows, and every SQL block of docs/warehouse.md is one of those examples.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import type { Database } from '../../../src/load/schema.ts';
import { readSqlExamples } from '../../../src/load/query/read-only-query.ts';
import { silentLogger } from '../../../src/logger.ts';
import { runSync } from '../../../src/pipeline/run-sync.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { addLocalDays, localDateOf } from '../../../src/time/calendar.ts';
import { runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url));

const normalize = (text: string): string => text.replace(/\s+/g, ' ').trim();

const examples = readSqlExamples(readFileSync(`${DOCS}warehouse-examples.sql`, 'utf8'));
const dictionary = readFileSync(`${DOCS}warehouse.md`, 'utf8');
const blocks = [...dictionary.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!);

let sim: RunningSimulator;
let tdb: TestDatabase;
let db: Kysely<Database>;

beforeAll(async () => {
  // The simulator's clock is now, so "last month" and "the last 24 hours" hold data.
  sim = await startSimulator({ seed: 1, monitors: 12, days: 75 });
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  const today = localDateOf(sim.truth.now(), sim.timeZone);
  const config = loadConfig({
    ...tdb.env,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
    UPTRENDS_INFRA_URL: sim.infraUrl,
    UPTRENDS_INFRA_USERNAME: sim.credentials.infraUsername,
    UPTRENDS_INFRA_PASSWORD: sim.credentials.infraPassword,
  });
  const summary = await runSync(
    config,
    {
      ...DEFAULT_SYNC_OPTIONS,
      concurrency: 4,
      from: addLocalDays(today, -70),
      to: addLocalDays(today, 1),
      windowDays: 7,
    },
    { logger: silentLogger(), clock: () => sim.truth.now() },
  );
  expect(summary.status).toBe('succeeded');
  db = (await tdb.reopen()).db;
}, 180_000);
afterAll(async () => {
  await sim.close();
  await tdb.drop();
});

describe('docs/warehouse-examples.sql', () => {
  it('holds the examples the issue asks for, each named once', () => {
    const names = examples.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'worst-monitors-last-month',
        'mttr-per-group-per-month',
        'credit-quota-use-over-time',
      ]),
    );
  });

  it.each(examples.map((e) => [e.name, e.sql] as const))('%s runs and returns rows', async (_name, text) => {
    const result = await sql.raw(text).execute(db);
    expect(result.rows.length).toBeGreaterThan(0);
  });
});

describe('uptrends-etl query --file docs/warehouse-examples.sql (spawned)', () => {
  it('runs every example through the read-only checks, one result per example, each with rows', async () => {
    await tdb.release();
    try {
      const result = await runCli(
        ['query', '--format', 'json', '--file', `${DOCS}warehouse-examples.sql`],
        tdb.env,
        undefined,
        180_000,
      );
      expect(result.code, result.stderr).toBe(0);
      const lines = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { example: string; row: object });
      expect(new Set(lines.map((l) => l.example))).toEqual(new Set(examples.map((e) => e.name)));
    } finally {
      db = (await tdb.reopen()).db;
    }
  });
});

describe('docs/warehouse.md', () => {
  it('every SQL block is an example the suite runs', () => {
    expect(blocks.length).toBeGreaterThan(15);
    const known = new Set(examples.map((e) => normalize(e.sql)));
    const unknown = blocks.filter((b) => !known.has(normalize(b)));
    expect(unknown).toEqual([]);
  });
});
