#!/bin/sh
# Run once by the postgres image when its data volume is empty (docker-entrypoint-initdb.d).
# Creates the portal's own login: not a superuser, allowed to create roles (one NOLOGIN role
# per agency) and owner of the portal database (so it can create the control tables and
# one schema per agency). See deploy/configuration.md, "Database user".
set -e

if [ -z "${PORTAL_DB_PASSWORD:-}" ]; then
  echo "postgres-init.sh: PORTAL_DB_PASSWORD is not set" >&2
  exit 1
fi

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
     -v portal_password="$PORTAL_DB_PASSWORD" <<'SQL'
CREATE ROLE portal LOGIN CREATEROLE PASSWORD :'portal_password';
CREATE DATABASE portal OWNER portal;
SQL
