#!/usr/bin/env bash
# Point-in-time recovery drill (docs/operations.md): a throwaway PostgreSQL 15 on a free loopback port in a
# temporary folder, WAL archived with pgBackRest, a full backup, a row written before and one after a
# moment, then a restore to that moment: the first row must be there and the second not. It never touches
# another server, and every step is bounded in time. Exit 0 when the restore holds exactly what it should.
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PGBACKREST=${PGBACKREST:-/usr/bin/pgbackrest}
for tool in "$PG_BIN/initdb" "$PG_BIN/pg_ctl" "$PG_BIN/psql" "$PGBACKREST"; do
  [ -x "$tool" ] || { echo "missing $tool (apt-get install postgresql-15 pgbackrest)" >&2; exit 2; }
done

DIR=$(mktemp -d /tmp/ot-pitr-XXXXXX)
# A port the kernel says is free; should node print none, a random high one (a taken port is retried below).
free_port() {
  local port
  port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})" 2>/dev/null || true)
  [[ "$port" =~ ^[0-9]+$ ]] || port=$((20000 + RANDOM % 40000))
  echo "$port"
}
PORT=$(free_port)
# PostgreSQL and pgBackRest refuse to run as root: as root, the drill runs them as the postgres user.
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$DIR"
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi
CONF="$DIR/pgbackrest.conf"
backrest() { as_pg timeout 120 "$PGBACKREST" --config="$CONF" --stanza=drill "$@"; }
sql() { as_pg timeout 30 "$PG_BIN/psql" -h "$DIR" -p "$PORT" -U postgres -d postgres -XAtq -v ON_ERROR_STOP=1 -c "$1"; }
server() { as_pg timeout 120 "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 100 "$@" >/dev/null; }
cleanup() {
  local status=$?
  if [ "$status" != 0 ] && [ -f "$DIR/server.log" ]; then
    echo "--- the drill's server log (last lines) ---" >&2
    tail -n 15 "$DIR/server.log" >&2
  fi
  server stop -m immediate 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT

as_pg mkdir -p "$DIR/repo" "$DIR/log" "$DIR/lock" "$DIR/spool"
as_pg tee "$CONF" >/dev/null <<CONF
[global]
repo1-path=$DIR/repo
repo1-retention-full=1
log-path=$DIR/log
lock-path=$DIR/lock
spool-path=$DIR/spool
start-fast=y
log-level-console=warn

[drill]
pg1-path=$DIR/data
pg1-port=$PORT
pg1-socket-path=$DIR
CONF

as_pg timeout 60 "$PG_BIN/initdb" -D "$DIR/data" -U postgres --auth=trust --no-locale -E UTF8 >/dev/null
as_pg tee -a "$DIR/data/postgresql.conf" >/dev/null <<PGCONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DIR'
wal_level = replica
archive_mode = on
archive_command = '$PGBACKREST --config=$CONF --stanza=drill archive-push %p'
max_wal_senders = 3
PGCONF
# The free port may be taken by someone else before the server binds it: then another one, at most 3 times.
for attempt in 1 2 3; do
  server start && break
  grep -q "could not bind\|already in use" "$DIR/server.log" && [ "$attempt" != 3 ] || exit 1
  OLD=$PORT
  PORT=$(free_port)
  as_pg sed -i "s/^port = $OLD\$/port = $PORT/" "$DIR/data/postgresql.conf"
  as_pg sed -i "s/^pg1-port=$OLD\$/pg1-port=$PORT/" "$CONF"
done

backrest stanza-create
backrest check
backrest --type=full backup
# pgBackRest records a backup's stop time in whole seconds and restores to a time only from a backup that
# stopped before it: the moment must come at least a second later.
sleep 1.1
sql "create table drill (what text, at timestamptz default clock_timestamp())"
sql "insert into drill (what) values ('before')"
TARGET=$(sql "select clock_timestamp()")
sleep 1
sql "insert into drill (what) values ('after')"
# The WAL holding both rows reaches the archive before the server goes.
sql "select pg_switch_wal()" >/dev/null
backrest check
server stop

backrest --delta --type=time "--target=$TARGET" --target-action=promote restore
server start
for _ in $(seq 1 100); do
  [ "$(sql "select pg_is_in_recovery()")" = f ] && break
  sleep 0.2
done
ROWS=$(sql "select string_agg(what, ',' order by at) from drill")
if [ "$ROWS" = before ]; then
  echo "restored to $TARGET: the row written before is there, the row written after is not"
else
  echo "the restore to $TARGET holds '$ROWS' instead of 'before'" >&2
  exit 1
fi
