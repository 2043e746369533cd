/**
 * The data dictionary cannot drift, and its examples answer: every example query of
 * docs/warehouse-examples.sql, and every SQL of a `query` or `psql -c` line of the README, docs/*.md
 * and the commands' --help, runs on the demo's warehouse and returns rows (issue 41, item 8). The
 * warehouse is the one `demo` fills (src/pipeline/run-demo.ts with the demo's defaults: seed, 50
 * monitors, 90 days, the realistic profile, every stream, Infra included), on the demo's clock,
 * now, so "last month" and "the last 24 hours" are the demo's. Every SQL block of docs/warehouse.md
 * is one of those examples.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/load/schema.ts';
import { readSqlExamples } from '../../../src/load/query/read-only-query.ts';
import { silentLogger } from '../../../src/logger.ts';
import { runDemo } from '../../../src/pipeline/run-demo.ts';
import { DEMO_SIMULATOR_PROFILE, SIMULATOR_DEFAULTS } from '../../../src/simulator/simulator-limits.ts';
import { documentedBlocks, helpBlocks } from '../../support/command-examples.ts';
import { runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const DOCS = `${REPO}docs/`;

const normalize = (text: string): string => text.replace(/\s+/g, ' ').trim();

const examples = readSqlExamples(readFileSync(`${DOCS}warehouse-examples.sql`, 'utf8'));
const dictionary = readFileSync(`${DOCS}warehouse.md`, 'utf8');
const blocks = [...dictionary.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!);

/**
 * The SQL of a documented command line that runs one: `uptrends-etl query ... "<sql>"` or
 * `psql ... -c '<sql>'` (the first quoted argument after the command; the examples quote it whole).
 */
function documentedSql(line: string): string | undefined {
  const command = /\b(?:uptrends-etl query|psql)\b/.exec(line);
  if (command === null || /--file\b/.test(line)) return undefined;
  const quoted = /(["'])((?:(?!\1).)*)\1/.exec(line.slice(command.index));
  return quoted?.[2];
}

const commandLines = [...documentedBlocks(REPO), ...helpBlocks()].flatMap((b) => b.examples);
const documentedQueries = commandLines.flatMap(({ source, line }) => {
  const text = documentedSql(line);
  return text === undefined ? [] : [[`${source}: ${text}`, text] as const];
});

let tdb: TestDatabase;
let db: Kysely<Database>;

beforeAll(async () => {
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  // The demo's own load, without its report files: the warehouse a new user queries.
  const run = await runDemo(
    { databaseUrl: tdb.env.DATABASE_URL, dataDir: tdb.env.UPTRENDS_ETL_DATA_DIR ?? '' },
    {
      seed: SIMULATOR_DEFAULTS.seed,
      monitors: SIMULATOR_DEFAULTS.monitors,
      days: SIMULATOR_DEFAULTS.days,
      profile: DEMO_SIMULATOR_PROFILE,
    },
    { logger: silentLogger() },
    () => Promise.resolve(undefined),
  );
  expect(run.sync.status).toBe('succeeded');
  db = (await tdb.reopen()).db;
}, 600_000);
afterAll(async () => {
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

describe('the SQL of the command lines of the README, docs/*.md and --help', () => {
  it('finds the query and psql lines', () => {
    expect(documentedQueries.length).toBeGreaterThanOrEqual(5);
    expect(documentedSql(`uptrends-etl query --format csv "select 1 as a" > x.csv`)).toBe('select 1 as a');
    expect(documentedSql(`psql -h h -p 1 -c 'select 2'`)).toBe('select 2');
    expect(documentedSql('uptrends-etl query --file docs/warehouse-examples.sql')).toBeUndefined();
  });

  it.each(documentedQueries)('%s returns rows', async (_name, text) => {
    const result = await sql.raw(text).execute(db);
    expect(result.rows.length).toBeGreaterThan(0);
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
