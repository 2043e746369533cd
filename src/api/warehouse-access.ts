/**
 * The warehouse as the commands open and upgrade it (`migrate`, and every command that reads):
 * `openWarehouse` (Postgres or the embedded PGlite, the schema checked against this version) and
 * `migrate`. A program uses the same functions.
 */
export { openWarehouse, type Warehouse, type WarehouseTarget } from '../load/connection/db.ts';
export { migrate, type MigrateResult } from '../load/migrate.ts';
