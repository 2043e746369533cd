/**
 * Finds the Postgres server integration tests should use: TEST_DATABASE_URL, else the machine's
 * server on 127.0.0.1:5432 (user postgres, trust auth) when it answers. Undefined means PGlite.
 */
import pg from 'pg';

export const DEFAULT_TEST_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The admin URL of a reachable server, or undefined. */
export async function probePostgres(): Promise<string | undefined> {
  if (process.env.UPTRENDS_TEST_BACKEND === 'pglite') return undefined;
  const candidate = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER;
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return candidate;
  } catch (error) {
    if (process.env.TEST_DATABASE_URL !== undefined) {
      throw new Error(`TEST_DATABASE_URL is set but does not answer: ${(error as Error).message}`);
    }
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
