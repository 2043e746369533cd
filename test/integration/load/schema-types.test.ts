/**
 * src/load/schema.ts is generated from the migrations (`npm run db:types`). A migration that adds,
 * drops or retypes a column without regenerating the types fails here, before any query does.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDatabaseTypes, SCHEMA_FILE } from '../../../scripts/db-types.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

describe('generated warehouse types', () => {
  it('src/load/schema.ts equals what the migrated database gives (run `npm run db:types` if not)', async () => {
    const generated = await renderDatabaseTypes(tdb.warehouse.db);
    expect(generated).toContain('export interface MonitorTable');
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
  });
});
