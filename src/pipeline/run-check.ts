/**
 * The programmatic `check`: is everything the nightly job needs in place? Each check is reported
 * separately (ok, skipped or failed with a message) so one failure does not hide the others. A
 * failed check keeps its error, so the CLI exits with the code the same failure has in `sync`:
 * 2 for missing settings, 3 for the warehouse, 4 for refused or unreachable APIs.
 */
import type { Config } from '../config.ts';
import { ConfigError, DatabaseError } from '../errors.ts';
import { openWarehouse } from '../load/connection/db.ts';
import { pendingMigrations } from '../load/migrate.ts';
import { ApiClient } from '../extract/http/api-client.ts';

/** Outcome of one check. */
export interface CheckResult {
  name: string;
  status: 'ok' | 'skipped' | 'failed';
  detail: string;
  /** Why a failed check failed: an EtlError decides the exit code; anything else is a bug (1). */
  error?: unknown;
}

function failed(name: string, error: unknown): CheckResult {
  return {
    name,
    status: 'failed',
    detail: error instanceof Error ? error.message : String(error),
    error,
  };
}

async function checkApi(
  name: string,
  baseUrl: string,
  username: string | undefined,
  password: string | undefined,
  path: string,
  missing: { required: boolean; detail: string; setting: string },
): Promise<CheckResult> {
  if (username === undefined || password === undefined) {
    if (!missing.required) return { name, status: 'skipped', detail: missing.detail };
    return failed(name, new ConfigError(missing.detail, { context: { setting: missing.setting } }));
  }
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
    return failed(name, error);
  } finally {
    await client.close();
  }
}

async function checkWarehouse(config: Config): Promise<CheckResult[]> {
  let warehouse;
  try {
    // A check looks, it never creates: a data directory without a warehouse fails the check.
    warehouse = await openWarehouse({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      create: false,
    });
  } catch (error) {
    return [
      failed('warehouse reachable', error),
      { name: 'warehouse migrated', status: 'skipped', detail: 'warehouse not reachable' },
    ];
  }
  try {
    const pending = await pendingMigrations(warehouse.db);
    return [
      { name: 'warehouse reachable', status: 'ok', detail: `${warehouse.location} (${warehouse.backend})` },
      pending.length === 0
        ? { name: 'warehouse migrated', status: 'ok', detail: 'schema uptrends is current' }
        : failed(
            'warehouse migrated',
            new DatabaseError(
              `${pending.length} pending migration(s); run: uptrends-etl migrate (sync applies them too)`,
            ),
          ),
    ];
  } finally {
    await warehouse.close();
  }
}

/** Runs every check: the warehouse, then one cheap request per configured API. */
export async function runCheck(config: Config): Promise<CheckResult[]> {
  const results = await checkWarehouse(config);
  results.push(
    await checkApi('API credentials', config.apiUrl, config.username, config.password, '/Account/Settings', {
      required: true,
      setting: 'UPTRENDS_USERNAME',
      detail:
        'UPTRENDS_USERNAME and UPTRENDS_PASSWORD are not set, so there is no API account to read (try the tool with `uptrends-etl demo`)',
    }),
    await checkApi(
      'infra API credentials',
      config.infraUrl,
      config.infraUsername,
      config.infraPassword,
      '/v1/account',
      {
        required: false,
        setting: 'UPTRENDS_INFRA_USERNAME',
        detail: 'UPTRENDS_INFRA_USERNAME/PASSWORD not set: the Infra streams will be skipped',
      },
    ),
  );
  return results;
}
