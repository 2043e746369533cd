/**
 * The programmatic `check`: is everything the nightly job needs in place? Each check is reported
 * separately (ok, skipped or failed with a message) so one failure does not hide the others.
 */
import type { Config } from '../config.ts';
import { openWarehouse } from '../load/db.ts';
import { pendingMigrations } from '../load/migrate.ts';

/** Outcome of one check. */
export interface CheckResult {
  name: string;
  status: 'ok' | 'skipped' | 'failed';
  detail: string;
}

/** An extra check contributed by another module (the API client adds credential checks). */
export type Check = (config: Config) => Promise<CheckResult>;

const extraChecks: Check[] = [];

/** Adds a check run by every `check` (used by the extraction layer for API credentials). */
export function registerCheck(check: Check): void {
  if (!extraChecks.includes(check)) extraChecks.push(check);
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

/** Runs every check. */
export async function runCheck(config: Config): Promise<CheckResult[]> {
  const results = await checkWarehouse(config);
  for (const check of extraChecks) {
    try {
      results.push(await check(config));
    } catch (error) {
      results.push({ name: check.name || 'check', status: 'failed', detail: (error as Error).message });
    }
  }
  return results;
}
