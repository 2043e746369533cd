/**
 * Bench child: the ETL floor of issue 31, the work no implementation of a sync can skip, done in
 * one process of the same run as the sync it is compared with: `JSON.parse` of every response body
 * the simulator served that sync (recorded by `POST /_sim/control/record`), then encoding every row
 * the sync left in the warehouse as COPY text-format lines. Only those two loops are timed. The
 * bodies and the rows are read beforehand, and garbage of that reading is collected before each
 * timed loop (the child runs with `--expose-gc`), so neither the file, the database client nor its
 * leftovers count: the floor is as low as this process can make it.
 *
 * The rows are taken as the server's own text of each value (every type parser returns the text),
 * which is what a COPY line needs: a leaner encoder than the pipeline's, which holds typed values.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { childInput, measureChild } from './child-measure.ts';

/** What the parent passes. */
export interface EtlFloorInput {
  /** The recorded bodies, one per line. */
  bodiesFile: string;
  /** Tables (schema-qualified) whose rows are encoded. */
  tables: string[];
}

/** What the child prints (besides the measures). */
export interface EtlFloorResult {
  bodies: number;
  bodyBytes: number;
  rows: number;
  /** CPU of the JSON.parse loop, ms. */
  parseCpuMs: number;
  /** CPU of the COPY encoding loops, ms. */
  encodeCpuMs: number;
}

/** Rows fetched (and encoded) at a time: bounds the child's memory on a million alerts. */
const FETCH_ROWS = 20_000;

const gc = (globalThis as { gc?: () => void }).gc;

function cpuMsSince(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

// COPY text format: backslash, tab, newline and carriage return are escaped; NULL is \N.
const COPY_SPECIAL = /[\\\t\n\r]/;

function field(value: string | null): string {
  if (value === null) return '\\N';
  if (!COPY_SPECIAL.test(value)) return value;
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll('\t', '\\t')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r');
}

/** The COPY lines of `rows`, as one text; its length is returned so the work cannot be dropped. */
function encode(rows: readonly (string | null)[][]): number {
  let text = '';
  for (const row of rows) {
    let line = field(row[0]!);
    for (let c = 1; c < row.length; c++) line += `\t${field(row[c]!)}`;
    text += `${line}\n`;
  }
  return text.length;
}

async function readBodies(file: string): Promise<string[]> {
  const bodies: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    if (line !== '') bodies.push(line);
  }
  return bodies;
}

async function parseFloor(file: string): Promise<{ bodies: number; bodyBytes: number; cpuMs: number }> {
  const bodies = await readBodies(file);
  gc?.();
  let keys = 0;
  const before = process.cpuUsage();
  for (const body of bodies) {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed === 'object' && parsed !== null) keys++;
  }
  const cpuMs = cpuMsSince(before);
  const bodyBytes = bodies.reduce((sum, b) => sum + Buffer.byteLength(b), 0);
  return { bodies: keys, bodyBytes, cpuMs };
}

async function encodeFloor(tables: readonly string[]): Promise<{ rows: number; cpuMs: number }> {
  const asText = (value: string): string => value;
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    types: { getTypeParser: () => asText },
  });
  await client.connect();
  let rows = 0;
  let cpuMs = 0;
  let chars = 0;
  try {
    await client.query('begin read only');
    for (const table of tables) {
      await client.query(`declare floor_rows no scroll cursor for select * from ${table}`);
      for (;;) {
        const page = await client.query<(string | null)[]>({
          text: `fetch ${FETCH_ROWS} from floor_rows`,
          rowMode: 'array',
        });
        if (page.rows.length === 0) break;
        gc?.();
        const before = process.cpuUsage();
        chars += encode(page.rows);
        cpuMs += cpuMsSince(before);
        rows += page.rows.length;
      }
      await client.query('close floor_rows');
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
  if (rows > 0 && chars === 0) throw new Error('encoded nothing');
  return { rows, cpuMs };
}

const input = childInput<EtlFloorInput>();
await measureChild<EtlFloorResult>(async () => {
  if (gc === undefined) throw new Error('etl-floor-child needs --expose-gc');
  const parsed = await parseFloor(input.bodiesFile);
  const encoded = await encodeFloor(input.tables);
  return {
    bodies: parsed.bodies,
    bodyBytes: parsed.bodyBytes,
    rows: encoded.rows,
    parseCpuMs: parsed.cpuMs,
    encodeCpuMs: encoded.cpuMs,
  };
});
