#!/bin/sh
# Run once by the postgres image when it initialises an empty warehouse volume
# (/docker-entrypoint-initdb.d, compose.yaml): creates the role the ETL logs in as, without
# superuser rights, and gives it the warehouse database, which is all it needs (its schemas,
# tables, functions and advisory locks). The image's own user (POSTGRES_USER) stays the only
# superuser: an ETL role that is one could read server files, create replication slots or reset
# statistics through any statement that slipped past a check (issue 32, finding 9).
set -eu
: "${ETL_DB_PASSWORD:?set ETL_DB_PASSWORD (the ETL role's password) in .env}"
psql -v ON_ERROR_STOP=1 --no-psqlrc \
  --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  --set etl_role="${ETL_DB_USER:-etl}" --set etl_password="$ETL_DB_PASSWORD" <<'SQL'
create role :"etl_role" login nosuperuser nocreatedb nocreaterole noreplication nobypassrls
  password :'etl_password';
alter database :"DBNAME" owner to :"etl_role";
SQL
