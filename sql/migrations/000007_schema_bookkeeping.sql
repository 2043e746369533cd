-- The tool's own schema bookkeeping: comments on the migration ledger (created by `migrate`'s
-- bootstrap before any numbered migration can run) and the ledger of the repeatable SQL (views and
-- functions under sql/views and sql/functions, re-applied when their files change).

comment on table uptrends.schema_migration is
  'Numbered migrations (sql/migrations) applied to this warehouse, one row each. A landed migration is never edited: migrate refuses a file whose checksum differs from the one recorded here.';
comment on column uptrends.schema_migration.version is 'Six-digit version, the file name prefix (000001, ...).';
comment on column uptrends.schema_migration.name is 'File name without version and extension.';
comment on column uptrends.schema_migration.checksum is 'sha256 (hex) of the file as applied.';
comment on column uptrends.schema_migration.applied_at is 'When the migration was applied (UTC).';

create table uptrends.schema_repeatable (
  file text primary key,
  checksum text not null,
  applied_at timestamptz not null default now()
);

comment on table uptrends.schema_repeatable is
  'Views and functions (sql/views, sql/functions) as last applied by migrate: one row per file. When any file''s checksum differs from the recorded set, migrate re-applies them all in one transaction.';
comment on column uptrends.schema_repeatable.file is 'Path of the file under sql/, e.g. views/10-v_incident.sql.';
comment on column uptrends.schema_repeatable.checksum is 'sha256 (hex) of the file as applied.';
comment on column uptrends.schema_repeatable.applied_at is 'When the file was last applied (UTC).';
