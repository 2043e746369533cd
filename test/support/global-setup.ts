/**
 * Runs once per vitest run for the integration projects: picks the backend and prepares a migrated
 * template, so each test file gets a fresh database in milliseconds (Postgres: CREATE DATABASE ...
 * TEMPLATE; PGlite: a dump of a migrated data directory).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openWarehouse } from '../../src/load/connection/db.ts';
import { migrate } from '../../src/load/migrate.ts';
import { TYPE_PARSERS } from '../../src/load/connection/type-parsers.ts';
import { probePostgres, withDatabase } from './postgres-probe.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      { backend: 'postgres'; adminUrl: string; template: string } | { backend: 'pglite'; dumpFile: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = await probePostgres();
  if (adminUrl === undefined) {
    if (process.env.CI === 'true' && process.env.UPTRENDS_TEST_BACKEND !== 'pglite') {
      throw new Error(
        'CI=true but no Postgres server answers (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432). ' +
          'Integration tests must run against real Postgres in CI.',
      );
    }
    console.warn('[test] no Postgres server answers: integration tests run on PGlite only');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-etl-tpl-'));
    const instance = await PGlite.create({ parsers: { ...TYPE_PARSERS } });
    const warehouse = await openWarehouse({ pglite: instance });
    await migrate(warehouse.db);
    await warehouse.close();
    const dumpFile = path.join(dir, 'template.tar');
    writeFileSync(dumpFile, Buffer.from(await (await instance.dumpDataDir('none')).arrayBuffer()));
    await instance.close();
    project.provide('testDb', { backend: 'pglite', dumpFile });
    return () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    };
  }

  const template = `uptrends_etl_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const warehouse = await openWarehouse({ databaseUrl: withDatabase(adminUrl, template), poolSize: 1 });
  await migrate(warehouse.db);
  await warehouse.close();
  project.provide('testDb', { backend: 'postgres', adminUrl, template });
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
