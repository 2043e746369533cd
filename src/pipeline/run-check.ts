/**
 * The programmatic `check`: is everything the nightly job needs in place? Each check is reported
 * separately (ok, skipped or failed with a message) so one failure does not hide the others.
 */
import type { Config } from '../config.ts';
import { openWarehouse } from '../load/db.ts';
import { pendingMigrations } from '../load/migrate.ts';
import { ApiClient } from '../extract/http/api-client.ts';

/** Outcome of one check. */
export interface CheckResult {
  name: string;
  status: 'ok' | 'skipped' | 'failed';
  detail: string;
}

async function checkApi(
  name: string,
  baseUrl: string,
  username: string | undefined,
  password: string | undefined,
  path: string,
  missing: string,
): Promise<CheckResult> {
  if (username === undefined || password === undefined) return { name, status: 'skipped', detail: missing };
  const client = new ApiClient({
    name: name === 'infra API credentials' ? 'infra' : 'api',
    baseUrl,
    username,
    password,
    retry: { maxAttempts: 2 },
  });
  try {
    await client.get(path, undefined, { route: path });
    return { name, status: 'ok', detail: `${baseUrl}${path} answered for ${username}` };
  } catch (error) {
    return { name, status: 'failed', detail: (error as Error).message };
  } finally {
    await client.close();
  }
}

async function checkWarehouse(config: Config): Promise<CheckResult[]> {
  let warehouse;
  try {
    warehouse = await openWarehouse({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    return [
      { name: 'warehouse reachable', status: 'failed', detail: (error as Error).message },
      { name: 'warehouse migrated', status: 'skipped', detail: 'warehouse not reachable' },
    ];
  }
  try {
    const pending = await pendingMigrations(warehouse.db);
    return [
      { name: 'warehouse reachable', status: 'ok', detail: `${warehouse.location} (${warehouse.backend})` },
      pending.length === 0
        ? { name: 'warehouse migrated', status: 'ok', detail: 'schema uptrends is current' }
        : {
            name: 'warehouse migrated',
            status: 'failed',
            detail: `${pending.length} pending migration(s); run: uptrends-etl migrate (sync applies them too)`,
          },
    ];
  } finally {
    await warehouse.close();
  }
}

/** Runs every check: the warehouse, then one cheap request per configured API. */
export async function runCheck(config: Config): Promise<CheckResult[]> {
  const results = await checkWarehouse(config);
  results.push(
    await checkApi(
      'API credentials',
      config.apiUrl,
      config.username,
      config.password,
      '/Account/Settings',
      'UPTRENDS_USERNAME/UPTRENDS_PASSWORD not set (try `uptrends-etl demo`)',
    ),
    await checkApi(
      'infra API credentials',
      config.infraUrl,
      config.infraUsername,
      config.infraPassword,
      '/v1/account',
      'UPTRENDS_INFRA_USERNAME/PASSWORD not set: infra streams will be skipped',
    ),
  );
  return results;
}
