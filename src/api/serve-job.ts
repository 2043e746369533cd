/**
 * What `uptrends-etl serve` runs: the embedded warehouse served over the Postgres protocol,
 * read-only (the statements checked as `query` checks them). The port is bound first
 * (`WireListener`), then the warehouse is handed over to the server (`startWireServer`) with the
 * session settings every connection of the tool has.
 */
export { WireListener } from '../load/wire/wire-listener.ts';
export { startWireServer, type RunningWireServer, type WireServerOptions } from '../load/wire/wire-server.ts';
export { SESSION_SETTINGS } from '../load/connection/db.ts';
export { migrate } from '../load/migrate.ts';
export { refusedFunctions } from '../load/query/statement-rules.ts';
