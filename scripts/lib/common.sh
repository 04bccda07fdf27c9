# Shared by scripts/run, scripts/test and scripts/dev-db. Source it; do not run it.
# Everything here must work on a fresh Debian machine, as root (CI) or as a normal user.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/agency-portal/target}"
# Never let npm packages download browsers: tests use Debian's Chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

say() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root to run: $* (install it by hand or run as root)"; fi
}

APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null 2>&1 || die "missing $*; this script installs with apt-get (Debian). Install: $*"
  if [ "$APT_UPDATED" -eq 0 ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

pg_bindir() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

ensure_postgres() {
  if ! pg_bindir >/dev/null; then
    say "installing the PostgreSQL server (apt)"
    apt_install postgresql
  fi
  command -v psql >/dev/null 2>&1 || apt_install postgresql-client
  PG_BIN="$(pg_bindir)" || die "PostgreSQL binaries not found after install"
}

ensure_node() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    say "installing Node.js and npm (apt)"
    apt_install nodejs npm
  fi
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$major" -ge 20 ] || die "Node.js 20 or newer is needed (found $(node --version))"
}

ensure_luacheck() {
  command -v luacheck >/dev/null 2>&1 && return 0
  say "installing luacheck (apt: lua-check) for the FiveM resource's lint"
  apt_install lua-check
}

ensure_rust() {
  command -v cargo >/dev/null 2>&1 || die "cargo not found: install Rust with rustup (https://rustup.rs)"
}

ensure_chromium() {
  CHROMIUM_PATH="${CHROMIUM_PATH:-}"
  if [ -z "$CHROMIUM_PATH" ]; then
    for c in /usr/bin/chromium /usr/bin/chromium-browser; do [ -x "$c" ] && CHROMIUM_PATH="$c" && break; done
  fi
  if [ -z "$CHROMIUM_PATH" ]; then
    say "installing Chromium (apt) for the browser tests"
    apt_install chromium
    CHROMIUM_PATH=/usr/bin/chromium
  fi
  export CHROMIUM_PATH
}

# Installs the web packages the lock file names, when node_modules is missing or older than
# the lock. Not `npm ci`: registries differ in which other platforms' optional binaries they
# offer (e.g. @unrs/resolver-binding-darwin-*), and `npm ci` refuses a lock that does not list
# exactly what the registry at hand would. `npm install` honours the lock all the same; it may
# add such optional entries to it, so the lock is put back as it was (the clone stays
# untouched) and check_lock judges it by what matters. A stamp written only after an install
# that finished (node_modules/.portal-installed) tells a whole tree from one an interrupted
# install left half-made: without it, the next run installs again.
npm_install() {
  local dir="$ROOT/webapp" kept stamp="$ROOT/webapp/node_modules/.portal-installed"
  if [ ! -f "$stamp" ] || [ "$dir/package-lock.json" -nt "$stamp" ]; then
    say "installing web packages (npm install, as locked)"
    kept="$(mktemp)"
    cp -p "$dir/package-lock.json" "$kept"
    (cd "$dir" && npm install --no-audit --no-fund --loglevel=error) || { rm -f "$kept"; die "npm install failed"; }
    cp -p "$kept" "$dir/package-lock.json"
    rm -f "$kept"
    touch "$stamp"
  fi
}

# Fails unless package.json and the lock agree and node_modules holds the locked tree; a lock
# entry for another platform's optional package is fine (scripts/lib/check-lock.mjs).
check_lock() {
  node "$ROOT/scripts/lib/check-lock.mjs" "$ROOT/webapp" \
    || die "webapp/package-lock.json does not match webapp/package.json or node_modules (above): run 'npm install' in webapp/ and commit the lock"
}

# Runs a command as the postgres user when we are root (Postgres refuses to run as root).
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    su postgres -s /bin/bash -c "$(printf '%q ' "$@")"
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
    || node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

ensure_pg_user() {
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
}

# The folder of the private development cluster (scripts/dev-db, scripts/run): PORTAL_PG_DIR
# when set, else .data/postgres in the clone. As root, Postgres runs as the postgres user, who
# cannot reach a clone in a private folder (the usual first clone, in /root, mode 700): then
# the cluster lives in a folder of its own, /var/lib/agency-portal/<clone>-<hash of its path>,
# owned by postgres, and the clone is left untouched.
dev_pg_dir() {
  if [ -n "${PORTAL_PG_DIR:-}" ]; then
    echo "$PORTAL_PG_DIR"
  elif [ "$(id -u)" -eq 0 ] && { ensure_pg_user; ! su postgres -s /bin/bash -c "test -x $(printf '%q' "$ROOT")"; }; then
    echo "/var/lib/agency-portal/$(basename "$ROOT")-$(printf '%s' "$ROOT" | sha256sum | cut -c1-12)/postgres"
  else
    echo "$ROOT/.data/postgres"
  fi
}

# start_cluster DIR PORT: initialises (once) and starts a private cluster in DIR on
# 127.0.0.1:PORT, owned by the postgres user when root. Prints nothing; sets PG_URL.
start_cluster() {
  local dir="$1" port="$2"
  ensure_postgres
  mkdir -p "$dir"
  if [ "$(id -u)" -eq 0 ]; then
    ensure_pg_user
    chown postgres:postgres "$dir"
    su postgres -s /bin/bash -c "test -w $(printf '%q' "$dir")" \
      || die "the postgres user cannot write to $dir (a parent folder is private); set PORTAL_PG_DIR to a folder it can reach, or DATABASE_URL"
  fi
  [ -f "$dir/data/PG_VERSION" ] || init_cluster "$dir"
  run_cluster "$dir" "$port" Postgres "-c max_connections=300"
  PG_URL="postgres://postgres@127.0.0.1:$port"
}

# init_cluster DIR: a new cluster in DIR/data (superuser postgres, trusted local connections).
init_cluster() {
  local dir="$1"
  as_pg "$PG_BIN/initdb" -D "$dir/data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
}

# run_cluster DIR PORT NAME SETTINGS: starts the cluster of DIR on 127.0.0.1:PORT with SETTINGS
# (server options, `-c name=value …`) unless it runs already; NAME says which one failed.
run_cluster() {
  local dir="$1" port="$2" name="$3" settings="$4"
  if ! as_pg "$PG_BIN/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 30 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 $settings -c fsync=off" start >/dev/null \
      || { tail -20 "$dir/postgres.log" >&2; die "$name did not start (log: $dir/postgres.log)"; }
  fi
}

# A second private cluster that accepts TLS connections only (issue 13: an agency on another
# Postgres server, reached over TLS as managed services require). Its certificate is signed
# by a throw-away CA written to $dir/ca.crt; PG_URL names it with sslmode=verify-full.
start_tls_cluster() {
  local dir="$1" port="$2"
  command -v openssl >/dev/null 2>&1 || apt_install openssl
  ensure_postgres
  mkdir -p "$dir/tls"
  if [ ! -f "$dir/tls/server.crt" ]; then
    openssl req -x509 -new -nodes -days 3 -subj "/CN=Agency Portal test CA" \
      -keyout "$dir/tls/ca.key" -out "$dir/ca.crt" >/dev/null 2>&1 || die "openssl: CA"
    openssl req -new -nodes -subj "/CN=127.0.0.1" \
      -keyout "$dir/tls/server.key" -out "$dir/tls/server.csr" >/dev/null 2>&1 || die "openssl: key"
    printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=critical,CA:FALSE\n' >"$dir/tls/ext.cnf"
    openssl x509 -req -in "$dir/tls/server.csr" -CA "$dir/ca.crt" -CAkey "$dir/tls/ca.key" \
      -CAcreateserial -days 3 -extfile "$dir/tls/ext.cnf" -out "$dir/tls/server.crt" >/dev/null 2>&1 \
      || die "openssl: certificate"
    chmod 600 "$dir/tls/server.key"
  fi
  [ "$(id -u)" -eq 0 ] && { ensure_pg_user; chown -R postgres:postgres "$dir"; }
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    init_cluster "$dir"
    # Connections without TLS are refused.
    as_pg sh -c "printf 'hostnossl all all all reject\nhostssl all all 127.0.0.1/32 trust\nlocal all all trust\n' > '$dir/data/pg_hba.conf'"
  fi
  run_cluster "$dir" "$port" "Postgres (TLS)" \
    "-c max_connections=100 -c ssl=on -c ssl_cert_file=$dir/tls/server.crt -c ssl_key_file=$dir/tls/server.key"
  PG_URL="postgres://postgres@127.0.0.1:$port/postgres?sslmode=verify-full&sslrootcert=$dir/ca.crt"
}

stop_cluster() {
  local dir="$1"
  [ -f "$dir/data/PG_VERSION" ] || return 0
  as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
}

# start_standin WORK: the Discord stand-in (server/src/bin/discord-standin) on a free port of
# loopback, knowing the demo members that seed-demo puts on each agency's roster: ids
# 100000000000000001.. (rawlife), 2000… (bcso), 3000… (lspd), High Command down to Deputy;
# the demo applicants on no roster, ids …051 to …055 (Taylor Quinn, Jamie Ortiz, Robin Park,
# Avery Stone, and Drew Collins, who has not applied); usernames are unique (plain for
# rawlife, suffixed otherwise), and an outsider. Exports the
# DISCORD_* settings that point the portal at it (its guild, bot, webhooks and image service)
# and sets STANDIN_PID. Its log is WORK/standin.log.
STANDIN_PID=""
start_standin() {
  local work="$1" bin="${STANDIN_BIN:-$CARGO_TARGET_DIR/debug/discord-standin}" args=() agency base suffix i name
  for agency in 1: 2:.bcso 3:.lspd; do
    base="${agency%%:*}" suffix="${agency#*:}" i=1
    for name in alexmercer jordanreyes samwhitaker caseynguyen; do
      args+=(--account "${base}0000000000000000${i}:${name}${suffix}")
      i=$((i + 1))
    done
    # The demo applicants (server/src/demo_recruitment.rs): on no roster, ids base + 51…55.
    i=51
    for name in taylorquinn jamieortiz robinpark averystone drewcollins; do
      args+=(--account "${base}000000000000000${i}:${name}${suffix}")
      i=$((i + 1))
    done
  done
  args+=(--outsider "900000000000000009:outsider")
  "$bin" --port 0 "${args[@]}" >"$work/standin.log" 2>&1 &
  STANDIN_PID=$!
  for _ in $(seq 1 50); do grep -q "listening on" "$work/standin.log" 2>/dev/null && break; sleep 0.1; done
  local discord
  discord="$(sed -n 's/^listening on //p' "$work/standin.log")"
  [ -n "$discord" ] || die "the Discord stand-in did not start"
  export DISCORD_CLIENT_ID=standin-client DISCORD_CLIENT_SECRET=standin-secret
  export DISCORD_GUILD_ID=900000000000000001 DISCORD_BOT_TOKEN=standin-bot-token
  export DISCORD_API_URL="$discord/api/v10" DISCORD_AUTHORIZE_URL="$discord/oauth2/authorize"
  export DISCORD_CDN_URL="$discord"
}

# The key the browser tests seal agencies' bot tokens and webhook addresses with.
E2E_SECRET_KEY="ZTJlLXRlc3RzLW9ubHktMzItYnl0ZXMta2V5LTAwMDA="
# The JWT secret the browser tests' OnlyOffice stand-in shares with their second portal.
E2E_OFFICE_SECRET="e2e-office-standin-jwt-secret"

# start_office_standin WORK: the OnlyOffice Docs stand-in (server/src/bin/office-standin) on a
# free port of loopback, signing and checking with E2E_OFFICE_SECRET. Sets OFFICE_STANDIN_URL
# (the portal's ONLYOFFICE_URL) and OFFICE_STANDIN_PID; its log is WORK/office-standin.log.
OFFICE_STANDIN_PID=""
start_office_standin() {
  local work="$1" bin="${OFFICE_STANDIN_BIN:-$CARGO_TARGET_DIR/debug/office-standin}"
  "$bin" --port 0 --secret "$E2E_OFFICE_SECRET" >"$work/office-standin.log" 2>&1 &
  OFFICE_STANDIN_PID=$!
  for _ in $(seq 1 50); do grep -q "listening on" "$work/office-standin.log" 2>/dev/null && break; sleep 0.1; done
  OFFICE_STANDIN_URL="$(sed -n 's/^listening on //p' "$work/office-standin.log")"
  [ -n "$OFFICE_STANDIN_URL" ] || { cat "$work/office-standin.log" >&2; die "the OnlyOffice stand-in did not start"; }
}

# serve_e2e_portal WORK DATABASE_URL PORT LOG [NAME=VALUE…]: `portal serve` (debug) on
# 127.0.0.1:PORT, which is also its PUBLIC_URL, with the database, media (WORK/media), sealing
# key and web app the browser tests' portals share, and the settings given. Sets SERVED_PID;
# wait_for_portal waits until it answers.
SERVED_PID=""
serve_e2e_portal() {
  local work="$1" database="$2" port="$3" log="$4"
  shift 4
  (
    export DATABASE_URL="$database" PORTAL_SECRET_KEY="$E2E_SECRET_KEY"
    export PORTAL_BIND="127.0.0.1:$port" PUBLIC_URL="http://127.0.0.1:$port" MEDIA_URL="$work/media"
    export PORTAL_WEB_DIR="${E2E_WEB_DIR:-$ROOT/webapp/dist}"
    [ "$#" -eq 0 ] || export "$@"
    exec "$CARGO_TARGET_DIR/debug/portal" serve >"$log" 2>&1
  ) &
  SERVED_PID=$!
}

# wait_for_portal URL PID LOG: until URL/healthz answers; dies with the log if PID exits first.
wait_for_portal() {
  local url="$1" pid="$2" log="$3"
  for _ in $(seq 1 150); do
    curl -fsS "$url/healthz" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; die "the server at $url exited"; }
    sleep 0.2
  done
  die "the server at $url did not answer /healthz"
}

# start_e2e_portal WORK POSTGRES_URL: the portals the browser tests drive: the Discord stand-in
# (start_standin), the OnlyOffice stand-in (start_office_standin) and two debug portals with the
# demo agencies in one new database `portal_e2e` of the server POSTGRES_URL names, media in
# WORK/media, the web app from webapp/dist (or E2E_WEB_DIR). The first (E2E_URL) has no
# document editor, so the "not configured" and download paths are tested; the second
# (E2E_OFFICE_URL, its own port and PUBLIC_URL) opens documents in the OnlyOffice stand-in
# (ONLYOFFICE_URL, ONLYOFFICE_JWT_SECRET). Both sign in through the Discord stand-in, which
# takes any redirect address; sessions live in the shared database. Sets E2E_URL,
# E2E_OFFICE_URL and the processes' ids; logs in WORK/server.log, WORK/server-office.log,
# WORK/standin.log and WORK/office-standin.log. stop_e2e_portal ends them all.
SERVER_PID=""
OFFICE_SERVER_PID=""
start_e2e_portal() {
  local work="$1" pg="$2" bin="$CARGO_TARGET_DIR/debug" port office_port database
  start_standin "$work"
  start_office_standin "$work"
  port="$(free_port)"
  office_port="$(free_port)"
  [ "$office_port" != "$port" ] || office_port="$(free_port)"
  database="${pg%/*}/portal_e2e"
  psql "$pg" -qc "DROP DATABASE IF EXISTS portal_e2e WITH (FORCE)" >/dev/null
  # Roles belong to the server, not to the database: the agencies' roles of an earlier portal_e2e
  # (named p<md5 of the database name>_agency_<id>) outlive it and would clash with the new ones.
  psql "$pg" -qAtc "SELECT format('DROP ROLE %I;', rolname) FROM pg_roles
      WHERE rolname LIKE 'p' || substr(md5('portal_e2e'), 1, 8) || '\_agency\_%'" | psql "$pg" -q >/dev/null
  psql "$pg" -qc "CREATE DATABASE portal_e2e" >/dev/null
  DATABASE_URL="$database" PORTAL_SECRET_KEY="$E2E_SECRET_KEY" MEDIA_URL="$work/media" \
    "$bin/portal" seed-demo >/dev/null
  serve_e2e_portal "$work" "$database" "$port" "$work/server.log"
  SERVER_PID="$SERVED_PID"
  serve_e2e_portal "$work" "$database" "$office_port" "$work/server-office.log" \
    ONLYOFFICE_URL="$OFFICE_STANDIN_URL" ONLYOFFICE_JWT_SECRET="$E2E_OFFICE_SECRET"
  OFFICE_SERVER_PID="$SERVED_PID"
  E2E_URL="http://127.0.0.1:$port"
  E2E_OFFICE_URL="http://127.0.0.1:$office_port"
  wait_for_portal "$E2E_URL" "$SERVER_PID" "$work/server.log"
  wait_for_portal "$E2E_OFFICE_URL" "$OFFICE_SERVER_PID" "$work/server-office.log"
}

# e2e_logs WORK: the end of the browser tests' server logs, after a failure.
e2e_logs() {
  local work="$1" log
  for log in server.log server-office.log office-standin.log; do
    [ -f "$work/$log" ] || continue
    printf '\n--- %s ---\n' "$log" >&2
    tail -n "$([ "$log" = server.log ] && echo 50 || echo 20)" "$work/$log" >&2
  done
}

stop_e2e_portal() {
  local pid
  # What a stopped process exits with (143 for the stand-ins, which die of the SIGTERM) is no
  # failure here: under `set -e` a bare `wait` returning it would end the caller (scripts/test).
  for pid in "$SERVER_PID" "$OFFICE_SERVER_PID" "$STANDIN_PID" "$OFFICE_STANDIN_PID"; do
    if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  done
  SERVER_PID="" OFFICE_SERVER_PID="" STANDIN_PID="" OFFICE_STANDIN_PID=""
  return 0
}
