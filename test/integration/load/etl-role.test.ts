/**
 * The container's ETL role is not a superuser (issue 32, finding 9: `compose.yaml` made the ETL's
 * role the image's superuser, so any statement that slipped past a check could read server files,
 * create replication slots or reset statistics). compose.yaml logs the job in as a role the init
 * script creates without superuser rights; on a real server (the test backend when it is
 * Postgres) that script gives a role that owns the warehouse, migrates it, and is refused the
 * superuser's functions.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { openWarehouse } from '../../../src/load/connection/db.ts';
import { migrate } from '../../../src/load/migrate.ts';
import { withDatabase } from '../../support/postgres-probe.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

interface Compose {
  services: Record<string, { environment?: Record<string, string>; volumes?: string[] }>;
}

describe('compose.yaml', () => {
  const compose = parse(readFileSync(`${REPO}compose.yaml`, 'utf8')) as Compose;
  const db = compose.services.db!.environment!;
  const url = new URL(compose.services.nightly!.environment!.DATABASE_URL!.replace(/\$\{(\w+)\}/g, '$1'));

  it('logs the job in as a role other than the image superuser, created by the mounted init script', () => {
    expect(url.username).not.toBe(db.POSTGRES_USER ?? 'postgres');
    expect(compose.services.db!.volumes).toContain('./docker/initdb:/docker-entrypoint-initdb.d:ro');
    const script = readFileSync(`${REPO}docker/initdb/10-etl-role.sh`, 'utf8');
    expect(script).toMatch(/create role :"etl_role" login nosuperuser/);
    expect(script).toContain('${ETL_DB_USER:-etl}');
    expect(url.username).toBe('etl');
  });
});

describe('docker/initdb/10-etl-role.sh on a real server', () => {
  it('gives a role without superuser rights that owns and migrates the warehouse', async (ctx) => {
    const testDb = inject('testDb');
    if (testDb.backend !== 'postgres' || spawnSync('psql', ['--version']).status !== 0) ctx.skip();
    if (testDb.backend !== 'postgres') return;
    const admin = new URL(testDb.adminUrl);
    const suffix = randomBytes(4).toString('hex');
    const database = `uptrends_etl_role_${suffix}`;
    const role = `uptrends_etl_role_${suffix}`;
    const password = `pw-${suffix}`;
    const superuser = new pg.Client({ connectionString: testDb.adminUrl });
    await superuser.connect();
    try {
      await superuser.query(`create database ${database}`);
      const ran = spawnSync('sh', [`${REPO}docker/initdb/10-etl-role.sh`], {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH ?? '',
          PGHOST: admin.hostname,
          PGPORT: admin.port || '5432',
          POSTGRES_USER: decodeURIComponent(admin.username) || 'postgres',
          POSTGRES_DB: database,
          ETL_DB_USER: role,
          ETL_DB_PASSWORD: password,
        },
      });
      expect(ran.status, ran.stderr).toBe(0);
      const rights = await superuser.query<{
        rolsuper: boolean;
        rolcreaterole: boolean;
        rolreplication: boolean;
        owns: boolean;
      }>(
        `select rolsuper, rolcreaterole, rolreplication,
                (select datdba = r.oid from pg_database where datname = $2) as owns
         from pg_roles r where rolname = $1`,
        [role, database],
      );
      expect(rights.rows).toEqual([
        { rolsuper: false, rolcreaterole: false, rolreplication: false, owns: true },
      ]);

      const etlUrl = new URL(withDatabase(testDb.adminUrl, database));
      etlUrl.username = role;
      etlUrl.password = password;
      const warehouse = await openWarehouse({ databaseUrl: etlUrl.toString(), poolSize: 1 });
      try {
        await migrate(warehouse.db);
        const tables = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_tables where schemaname = 'uptrends'`.execute(warehouse.db);
        expect(tables.rows[0]!.n).toBeGreaterThan(20);
        for (const call of [
          `select pg_create_physical_replication_slot('uptrends_etl_role_${suffix}')`,
          'select pg_stat_reset()',
          "select pg_stat_reset_shared('bgwriter')",
          "select pg_read_file('/etc/passwd')",
        ]) {
          await expect(sql.raw(call).execute(warehouse.db), call).rejects.toThrow(
            /permission denied|must be superuser/,
          );
        }
      } finally {
        await warehouse.close();
      }
    } finally {
      await superuser.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
      await superuser.query(`drop role if exists ${role}`).catch(() => undefined);
      await superuser.end();
    }
  }, 120_000);
});
