/**
 * Kysely table types of the warehouse (schema `uptrends`, which is first on the search_path of
 * every connection, so queries name tables without the schema). Tables are added here as their
 * migrations land; columns mirror sql/migrations exactly.
 */
import type { ColumnType, Generated } from 'kysely';

/** A timestamptz column: written as Date or ISO text, read as Date. */
export type Timestamptz = ColumnType<Date, Date | string, Date | string>;
/** A jsonb column. */
export type Json = ColumnType<unknown, string, string>;

export interface SchemaMigrationTable {
  version: string;
  name: string;
  checksum: string;
  applied_at: ColumnType<Date, never, never>;
}

export interface SchemaRepeatableTable {
  file: string;
  checksum: string;
  applied_at: ColumnType<Date, never, never>;
}

export interface EtlRunTable {
  run_id: Generated<number>;
  account_id: string | null;
  command: string;
  started_at: Timestamptz;
  finished_at: Timestamptz | null;
  status: string;
  options: Json;
  stream_counts: Json;
  requests: number;
  error: Json | null;
  host: string | null;
  tool_version: string | null;
}

export interface EtlStateTable {
  account_id: string;
  stream: string;
  partition: string;
  watermark: Timestamptz | null;
  cursor: string | null;
  state: Json | null;
  updated_at: Timestamptz;
  updated_by_run_id: number;
}

/** Tables known to the query builder. */
export interface Database {
  schema_migration: SchemaMigrationTable;
  schema_repeatable: SchemaRepeatableTable;
  etl_run: EtlRunTable;
  etl_state: EtlStateTable;
}
