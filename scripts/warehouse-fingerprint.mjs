#!/usr/bin/env node
// Syncs a fixed simulated account into a fresh Postgres database with one checkout of the tool and
// prints a fingerprint of every warehouse table: per table the row count, per column an md5 of its
// values in primary-key order. Run against two checkouts (scripts/compare-warehouses.sh) it shows
// whether a change altered what a sync writes. Plain JavaScript on purpose: it must run unchanged
// against old checkouts, whose sources and build layout differ; it drives only the CLI.
//
// Usage: node scripts/warehouse-fingerprint.mjs --repo <checkout> --db <database name> [--port N]
// Needs the machine's Postgres (PGHOST defaults to 127.0.0.1, user postgres, trust auth).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    repo: { type: 'string', default: '.' },
    db: { type: 'string', default: 'uptrends_fingerprint' },
    port: { type: 'string', default: '18931' },
    server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const repo = path.resolve(values.repo);
const require = createRequire(path.join(repo, 'package.json'));
const pg = require('pg');

// Columns that say who wrote a row and when, not what it says: they differ on every run.
const STAMPS = new Set([
  'run_id',
  'loaded_at',
  'first_seen_at',
  'last_seen_at',
  'captured_at',
  'updated_at',
  'updated_by_run_id',
  'rejected_at',
  'applied_at',
  'refreshed_at',
  'observed_at',
]);
const SKIP_TABLES = new Set(['etl_run', 'schema_migration']);

const NOW = '2026-10-15T12:00:00Z';
const cli = path.join(repo, 'bin', 'uptrends-etl.js');

async function recreate(name) {
  const admin = new pg.Client({ connectionString: `${values.server}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

function startSimulator() {
  const child = spawn(
    process.execPath,
    [
      cli,
      'simulate',
      '--no-json',
      '--port',
      values.port,
      '--seed',
      '7',
      '--monitors',
      '25',
      '--days',
      '70',
      '--now',
      NOW,
    ],
    { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('Press Ctrl+C')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`simulator exited with ${code}: ${text}`)));
  });
}

async function fingerprint(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tables = await client.query(`
    select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns,
      (select array_agg(k.attname::text order by array_position(i.indkey, k.attnum))
         from pg_index i join pg_attribute k on k.attrelid = i.indrelid and k.attnum = any(i.indkey)
        where i.indrelid = c.oid and i.indisprimary) as key
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'uptrends' and c.relkind = 'r'
    group by c.oid, c.relname order by c.relname`);
  const out = {};
  for (const { table, columns, key } of tables.rows) {
    if (SKIP_TABLES.has(table)) continue;
    const order = (key ?? columns).map((c) => `"${c}"::text`).join(', ');
    const cols = columns.filter((c) => !STAMPS.has(c));
    const parts = cols.map(
      (c) =>
        `md5(coalesce(string_agg(coalesce("${c}"::text, '<null>'), '|' order by ${order}), '')) as "${c}"`,
    );
    const { rows } = await client.query(
      `select count(*)::int as rows, ${parts.join(', ')} from uptrends."${table}"`,
    );
    const { rows: count, ...md5s } = rows[0];
    out[table] = { rows: count, columns: md5s };
  }
  await client.end();
  return out;
}

await recreate(values.db);
const url = `${values.server}/${values.db}`;
const sim = await startSimulator();
try {
  const base = `http://127.0.0.1:${values.port}`;
  const env = {
    ...process.env,
    DATABASE_URL: url,
    UPTRENDS_API_URL: `${base}/v4`,
    UPTRENDS_USERNAME: 'sim-api-user',
    UPTRENDS_PASSWORD: 'sim-api-password',
    UPTRENDS_INFRA_URL: `${base}/infra`,
    UPTRENDS_INFRA_USERNAME: 'sim-infra-user',
    UPTRENDS_INFRA_PASSWORD: 'sim-infra-password',
    LOG_LEVEL: 'warn',
    TZ: 'UTC',
  };
  const sync = spawnSync(
    process.execPath,
    [cli, 'sync', '--from', '2026-08-10', '--to', '2026-10-15', '--window', '7', '--concurrency', '4'],
    { cwd: repo, env, encoding: 'utf8' },
  );
  if (sync.status !== 0) {
    process.stderr.write(sync.stdout + sync.stderr);
    throw new Error(`sync exited with ${sync.status}`);
  }
  process.stdout.write(`${JSON.stringify(await fingerprint(url), null, 1)}\n`);
} finally {
  sim.kill('SIGTERM');
}
