/**
 * Generates `src/load/schema.ts`, the Kysely types of every warehouse table, from a migrated
 * database's catalogue, so the types can never drift from the migrations:
 * `npm run db:types` rewrites the file; `test/integration/load/schema-types.test.ts` fails when the
 * committed file differs from what a freshly migrated database gives.
 *
 * Value types follow the project's type parsers (src/load/connection/type-parsers.ts): int8 and numeric read
 * as numbers, date and timestamp (without zone) as text, timestamptz as Date, jsonb as whatever was
 * stored. A column with a default is optional on insert (Generated).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { type Database } from '../src/load/schema.ts';

/** The generated file, relative to the repository root. */
export const SCHEMA_FILE = fileURLToPath(new URL('../src/load/schema.ts', import.meta.url));

interface ColumnInfo {
  table: string;
  column: string;
  udt: string;
  nullable: boolean;
  generated: boolean;
  comment: string | null;
}

/** Select, insert and update types of a column type. */
type Triple = readonly [select: string, insert: string, update: string];

const TEXT: Triple = ['string', 'string', 'string'];
const NUMBER: Triple = ['number', 'number', 'number'];
const SCALARS: Readonly<Record<string, Triple>> = {
  uuid: TEXT,
  text: TEXT,
  varchar: TEXT,
  bpchar: TEXT,
  int2: NUMBER,
  int4: NUMBER,
  int8: NUMBER,
  numeric: NUMBER,
  float4: NUMBER,
  float8: NUMBER,
  bool: ['boolean', 'boolean', 'boolean'],
  date: TEXT,
  time: TEXT,
  timestamp: TEXT,
  timestamptz: ['Date', 'Date', 'Date'],
  jsonb: ['unknown', 'unknown', 'unknown'],
  json: ['unknown', 'unknown', 'unknown'],
  // Range types read as their text form; code that needs the ranges unnests them in SQL.
  tstzmultirange: TEXT,
  tstzrange: TEXT,
};

function triple(udt: string): Triple {
  const array = udt.startsWith('_');
  const scalar = SCALARS[array ? udt.slice(1) : udt];
  if (scalar === undefined) throw new Error(`db-types: no TypeScript type for ${udt}`);
  if (!array) return scalar;
  const wrap = (t: string): string => (t.includes(' ') ? `(${t})[]` : `${t}[]`);
  return [wrap(scalar[0]), wrap(scalar[1]), wrap(scalar[2])];
}

function columnType(c: ColumnInfo): string {
  const orNull = (t: string): string => (c.nullable && t !== 'unknown' ? `${t} | null` : t);
  const [select, insert, update] = triple(c.udt).map(orNull) as [string, string, string];
  const insertType = c.generated && insert !== 'unknown' ? `${insert} | undefined` : insert;
  if (select === insertType && select === update) return select;
  return `ColumnType<${select}, ${insertType}, ${update}>`;
}

function pascal(name: string): string {
  return name.replace(/(^|_)([a-z0-9])/g, (_m, _u: string, c: string) => c.toUpperCase());
}

function docLine(comment: string | null): string {
  if (comment === null) return '';
  const text = comment.replace(/\s+/g, ' ').replace(/\*\//g, '* /');
  return `  /** ${text.length > 150 ? `${text.slice(0, 147)}...` : text} */\n`;
}

/** The TypeScript source of the schema types of the migrated database `db`. */
export async function renderDatabaseTypes(db: Kysely<Database>): Promise<string> {
  const result = await sql<ColumnInfo>`
    select c.relname as "table", a.attname as "column", t.typname as udt, not a.attnotnull as nullable,
      (a.atthasdef or a.attidentity <> '') as generated, col_description(c.oid, a.attnum) as comment
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_type t on t.oid = a.atttypid
    where n.nspname = 'uptrends' and c.relkind in ('r', 'v') and a.attnum > 0 and not a.attisdropped
    order by c.relkind, c.relname, a.attnum`.execute(db);
  const tables = new Map<string, ColumnInfo[]>();
  for (const row of result.rows) tables.set(row.table, [...(tables.get(row.table) ?? []), row]);
  // Set-returning functions with a TABLE result: their rows, typed like a view's.
  const functions = await sql<{ name: string; column: string; udt: string }>`
    select p.proname as name, a.name as column, t.typname as udt
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    cross join lateral unnest(p.proargnames, p.proargmodes::text[], p.proallargtypes)
      with ordinality as a (name, mode, type, ord)
    join pg_type t on t.oid = a.type
    where n.nspname = 'uptrends' and p.proretset and a.mode = 't'
    order by p.proname, a.ord`.execute(db);
  const rowsOf = new Map<string, ColumnInfo[]>();
  for (const f of functions.rows) {
    const column: ColumnInfo = {
      table: f.name,
      column: f.column,
      udt: f.udt,
      nullable: true,
      generated: false,
      comment: null,
    };
    rowsOf.set(f.name, [...(rowsOf.get(f.name) ?? []), column]);
  }
  const out: string[] = [
    '/**',
    ' * Kysely types of every table and view of the warehouse (schema `uptrends`), and the rows of its',
    ' * set-returning functions. GENERATED by',
    ' * `npm run db:types` from a migrated database: do not edit; change a migration and regenerate.',
    ' * A test fails when this file and the migrations disagree.',
    ' */',
    "import type { ColumnType, Insertable } from 'kysely';",
    '',
    '// timestamptz is a Date (an instant); date and timestamp (without zone) are',
    '// text (`yyyy-MM-dd`, account-local `yyyy-MM-ddTHH:mm:ss`); jsonb holds any JSON value.',
    '',
  ];
  for (const [table, columns] of tables) {
    const kind = table.startsWith('v_') ? 'view' : 'table';
    out.push(`/** \`uptrends.${table}\` (${kind}) */`, `export interface ${pascal(table)}Table {`);
    for (const c of columns) {
      const optional = c.generated && triple(c.udt)[1] === 'unknown' ? '?' : '';
      out.push(`${docLine(c.comment)}  ${c.column}${optional}: ${columnType(c)};`);
    }
    out.push('}', '');
  }
  for (const [name, columns] of rowsOf) {
    out.push(
      `/** A row of \`uptrends.${name}(...)\` (a set-returning function). */`,
      `export interface ${pascal(name)}Row {`,
    );
    for (const c of columns) out.push(`  ${c.column}: ${columnType(c)};`);
    out.push('}', '');
  }
  out.push(
    '/** Every table and view, by name (the search_path puts `uptrends` first). */',
    'export interface Database {',
  );
  for (const table of tables.keys()) out.push(`  ${table}: ${pascal(table)}Table;`);
  out.push(
    '}',
    '',
    '/** The name of a table. */',
    'export type TableName = Extract<keyof Database, string>;',
    '',
    '/** A row as written to table `T`. */',
    'export type TableRow<T extends TableName> = Insertable<Database[T]>;',
    '',
    '/** Columns no row mapper writes: the loader stamps them, or the database defaults them. */',
    "export type LoaderColumn = 'first_seen_at' | 'last_seen_at' | 'deleted_at' | 'loaded_at';",
    '',
    "/** What a row mapper returns for table `T`: every column but the loader's, none left out. */",
    'export type MappedRow<T extends TableName> = Omit<Required<TableRow<T>>, LoaderColumn>;',
    '',
  );
  return out.join('\n');
}

// `npm run db:types`: migrate an in-memory PGlite, render, write.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { openWarehouse } = await import('../src/load/connection/db.ts');
  const { migrate } = await import('../src/load/migrate.ts');
  const warehouse = await openWarehouse({ dataDir: 'memory://' });
  try {
    await migrate(warehouse.db);
    writeFileSync(SCHEMA_FILE, await renderDatabaseTypes(warehouse.db));
    process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
  } finally {
    await warehouse.close();
  }
}
