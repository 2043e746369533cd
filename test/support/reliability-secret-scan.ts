/**
 * Looks for secrets where an operator, an analyst or a reader of the repository could find them:
 * text (log lines, printed output), every row of every table of schema `uptrends`, report files
 * (CSV as text, workbooks unzipped) and fixture files. A finding names the place and which secret,
 * never the secret itself, so the test output does not leak what it hunts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { MONITOR_SECRET } from '../../src/simulator/generate/generate-monitors.ts';
import type { RunningSimulator } from '../../src/simulator/start-simulator.ts';
import { zipEntriesText } from './reliability-zip-text.ts';
import { type Database } from '../../src/load/schema.ts';

/** A secret to look for, under a printable label. */
export interface Secret {
  label: string;
  value: string;
}

/**
 * The simulator's passwords (API, Infra, and both as Basic header values) and the monitor password
 * it plants in monitor records, which the ETL must strip.
 */
export function simulatorSecrets(sim: RunningSimulator): Secret[] {
  const basic = (user: string, password: string): string =>
    Buffer.from(`${user}:${password}`).toString('base64');
  const c = sim.credentials;
  return [
    { label: 'API password', value: c.password },
    { label: 'API Basic header', value: basic(c.username, c.password) },
    { label: 'Infra password', value: c.infraPassword },
    { label: 'Infra Basic header', value: basic(c.infraUsername, c.infraPassword) },
    { label: 'monitor password planted by the simulator', value: MONITOR_SECRET },
  ];
}

/** Where a secret was found. */
export interface Finding {
  where: string;
  secret: string;
}

/** Findings of `secrets` in one text. */
export function scanText(where: string, text: string, secrets: readonly Secret[]): Finding[] {
  return secrets.filter((s) => text.includes(s.value)).map((s) => ({ where, secret: s.label }));
}

/** Every row of every table of schema uptrends, as text; returns the findings and how many rows were read. */
export async function scanWarehouse(
  db: Kysely<Database>,
  secrets: readonly Secret[],
): Promise<{ findings: Finding[]; rows: number }> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'uptrends' and table_type = 'BASE TABLE' order by 1`.execute(db);
  const findings: Finding[] = [];
  let rows = 0;
  for (const { name } of tables.rows) {
    const dump = await sql<{
      t: string;
    }>`select t::text as t from ${sql.table(`uptrends.${name}`)} t`.execute(db);
    rows += dump.rows.length;
    findings.push(...scanText(`table uptrends.${name}`, dump.rows.map((r) => r.t).join('\n'), secrets));
  }
  return { findings, rows };
}

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The text of one file: zip containers (xlsx) entry by entry, anything else as UTF-8. */
export function fileText(file: string): string {
  const bytes = readFileSync(file);
  const isZip = bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;
  return isZip
    ? zipEntriesText(bytes)
        .map((e) => `${e.name}\n${e.text}`)
        .join('\n')
    : bytes.toString('utf8');
}

/** Findings in every file under `dir` (recursively); also returns the files read. */
export function scanFiles(
  dir: string,
  secrets: readonly Secret[],
  include: (file: string) => boolean = () => true,
): { findings: Finding[]; files: string[] } {
  const files = filesUnder(dir).filter(include);
  return { findings: files.flatMap((f) => scanText(f, fileText(f), secrets)), files };
}
