/**
 * Issue 18: several accounts in one warehouse. Each account syncs with its own credentials under
 * its own lock, keeps its configuration name, and shows in `status`; one account failing does not
 * stop the others and the whole ends partial (exit 8).
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { EXIT, exitCodeFor } from '../../../src/cli/exit-codes.ts';
import { parseConfigFile } from '../../../src/config-file/load-config-file.ts';
import { resolveAccounts } from '../../../src/config-file/resolve-accounts.ts';
import { AuthError, LockError, PartialRunError } from '../../../src/errors.ts';
import { openWarehouse } from '../../../src/load/connection/db.ts';
import { queryReportAccount } from '../../../src/reports/queries/scope.ts';
import type { Database } from '../../../src/load/schema.ts';
import { accountLockKey, acquireWarehouseLock } from '../../../src/load/locks/warehouse-lock.ts';
import { silentLogger } from '../../../src/logger.ts';
import { getStatus } from '../../../src/pipeline/get-status.ts';
import { accountsFailure, selectAccounts, syncAccounts } from '../../../src/pipeline/sync-accounts.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const NOW = new Date('2025-06-18T09:00:00Z');
const FILE = `accounts:
  - name: north
    username_env: SIM_USER_1
    password_env: SIM_PASSWORD_1
    streams: [monitors, monitor_groups, monitor_group_members, alerts]
  - name: east
    username_env: SIM_USER_2
    password_env: SIM_PASSWORD_2
    time_zone: Asia/Tokyo
    streams: [monitors, monitor_groups, monitor_group_members, alerts]
  - { name: south, username_env: SIM_USER_3, password_env: SIM_PASSWORD_3, streams: [monitors] }
`;
// No --streams: each account's own streams: apply.
const OPTIONS = { ...DEFAULT_SYNC_OPTIONS, initialDays: 5 };
const fast = { retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 } };

let tdb: TestDatabase;
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: 11, monitors: 6, days: 10, now: NOW, accounts: 3 });
});
afterAll(async () => {
  await sim.close();
});
// Each test reads what its own syncs wrote: a warehouse of its own.
beforeEach(async () => {
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
});
afterEach(async () => {
  await tdb.drop();
});

function accounts(overrides: Record<string, string> = {}) {
  const env: Record<string, string> = { ...tdb.env, UPTRENDS_API_URL: sim.apiUrl };
  sim.accounts.forEach((a, i) => {
    env[`SIM_USER_${i + 1}`] = a.credentials.username;
    env[`SIM_PASSWORD_${i + 1}`] = a.credentials.password;
  });
  return resolveAccounts({ ...env, ...overrides }, parseConfigFile(FILE, 'uptrends-etl.yaml'));
}

async function inspect<T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const warehouse = await tdb.reopen();
  try {
    return await read(warehouse.db);
  } finally {
    await tdb.release();
  }
}

/** Syncs every account of the configuration file. */
const syncAll = () =>
  syncAccounts(accounts(), OPTIONS, {
    logger: silentLogger(),
    clock: () => NOW,
    clientOptions: fast,
  });

describe('several accounts in one warehouse', () => {
  it('syncs every account with its own credentials, zone and streams, and names it', async () => {
    const outcomes = await syncAll();
    expect(outcomes.map((o) => [o.account, o.summary?.status])).toEqual([
      ['north', 'succeeded'],
      ['east', 'succeeded'],
      ['south', 'succeeded'],
    ]);
    expect(accountsFailure(outcomes)).toBeUndefined();
    expect(Object.keys(outcomes[2]!.summary!.streams)).toEqual(['monitors']);
    const rows = await inspect(async (db) => {
      const r = await sql<{ account_id: string; account_name: string; iana_zone: string; monitors: number }>`
        select a.account_id, a.account_name, a.iana_zone,
          (select count(*)::int from uptrends.monitor m where m.account_id = a.account_id) as monitors
        from uptrends.account a order by a.account_name`.execute(db);
      return r.rows;
    });
    const byName = Object.fromEntries(rows.map((r) => [r.account_name, r]));
    sim.accounts.forEach((a, i) => {
      const row = byName[['north', 'east', 'south'][i]!]!;
      expect(row.account_id).toBe(a.accountId);
      expect(row.monitors).toBe(a.truth.counts().monitors);
    });
    expect(byName.north!.iana_zone).toBe(sim.accounts[0]!.timeZone);
    expect(byName.east!.iana_zone).toBe('Asia/Tokyo');
  });

  it('status lists every account with its last run; --account finds one by name or id', async () => {
    await syncAll();
    // One open of the warehouse: a second, nested one is refused on PGlite (its directory lock).
    const warehouse = await tdb.reopen();
    const status = await getStatus(warehouse).finally(() => tdb.release());
    expect(status.accounts.map((a) => [a.name, a.lastRun?.status])).toEqual([
      ['east', 'succeeded'],
      ['north', 'succeeded'],
      ['south', 'succeeded'],
    ]);
    expect(status.accounts.every((a) => a.lastSucceededAt !== null)).toBe(true);
    const found = await inspect((db) => queryReportAccount(db, 'EAST'));
    expect(found.accountId).toBe(sim.accounts[1]!.accountId);
    const byId = await inspect((db) => queryReportAccount(db, sim.accounts[2]!.accountId));
    expect(byId.name).toBe('south');
    await expect(inspect((db) => queryReportAccount(db, 'west'))).rejects.toThrow(
      /account west is not in the warehouse; it holds: .*\(east\)/,
    );
  });

  it('one account failing does not stop the others; the whole ends partial (exit 8)', async () => {
    const selected = selectAccounts(accounts({ SIM_PASSWORD_2: 'wrong' }), ['north', 'EAST']);
    const outcomes = await syncAccounts(selected, OPTIONS, {
      logger: silentLogger(),
      clock: () => NOW,
      clientOptions: fast,
    });
    expect(outcomes.map((o) => o.account)).toEqual(['north', 'east']);
    expect(outcomes[0]!.summary?.status).toBe('succeeded');
    expect(outcomes[1]!.error).toBeInstanceOf(AuthError);
    const failure = accountsFailure(outcomes);
    expect(failure).toBeInstanceOf(PartialRunError);
    expect(exitCodeFor(failure)).toBe(EXIT.partial);
    expect(failure?.message).toMatch(/1 of 2 accounts did not sync: east/);
    // A single account keeps its own exit code, as before accounts existed.
    const one = selectAccounts(accounts({ SIM_PASSWORD_2: 'wrong' }), ['east']);
    await expect(
      syncAccounts(one, OPTIONS, { logger: silentLogger(), clientOptions: fast }),
    ).rejects.toBeInstanceOf(AuthError);
    expect(() => selectAccounts(accounts(), ['west'])).toThrow(
      /unknown account\(s\): west; the configuration has: north, east, south/,
    );
  });

  it.runIf(inject('testDb').backend === 'postgres')(
    'on Postgres the lock is per account: another account syncs while one is held, the held one is refused',
    async () => {
      const holder = await openWarehouse({ databaseUrl: tdb.env.DATABASE_URL });
      const lock = await acquireWarehouseLock(holder, { key: accountLockKey(sim.accounts[0]!.accountId) });
      try {
        const [north, east] = accounts();
        const ok = await syncAccounts([east!], OPTIONS, { logger: silentLogger(), clientOptions: fast });
        expect(ok[0]!.summary?.status).toBe('succeeded');
        await expect(
          syncAccounts([north!], OPTIONS, { logger: silentLogger(), clientOptions: fast }),
        ).rejects.toThrow(LockError);
        await expect(syncAccounts([north!], OPTIONS, { logger: silentLogger() })).rejects.toThrow(
          /holds the warehouse lock of account \d+ \(north\)/,
        );
      } finally {
        await lock.release();
        await holder.close();
      }
    },
  );
});
