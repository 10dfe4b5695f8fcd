#!/usr/bin/env bash
# bench/cluster.sh — a Postgres 15 cluster for the load program (bench/load), on the real
# disk with fsync on, listening on 127.0.0.1 only. See docs/development.md ("Load").
#
#   bench/cluster.sh [start|stop|status|destroy] [--port P] [--dir D] [--db NAME]...
#
# start (the default) creates the cluster if it is missing (initdb, trust on 127.0.0.1 only),
# starts it, creates each --db (default: codna) with pg_stat_statements, and prints one
# DATABASE_URL line per database. It is idempotent: an existing cluster is reused. stop stops
# it; destroy stops it and deletes its directory (only a directory named codna-bench-*).
set -euo pipefail

usage() {
	sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
}

cmd=start
case "${1:-}" in
start | stop | status | destroy) cmd=$1; shift ;;
esac
port=55410
dir=
dbs=()
shared_buffers=${SHARED_BUFFERS:-128MB}
while [ $# -gt 0 ]; do
	case "$1" in
	--port) port=${2:?--port needs a value}; shift 2 ;;
	--dir) dir=${2:?--dir needs a value}; shift 2 ;;
	--db) dbs+=("${2:?--db needs a value}"); shift 2 ;;
	-h | --help) usage ;;
	*) echo "cluster.sh: unknown argument $1" >&2; usage ;;
	esac
done
[ ${#dbs[@]} -gt 0 ] || dbs=(codna)
if ! [[ $port =~ ^[0-9]+$ ]] || [ "$port" -lt 1024 ] || [ "$port" -gt 65535 ]; then
	echo "cluster.sh: --port must be a number in 1024..65535, not $port" >&2
	exit 2
fi
for d in "${dbs[@]}"; do
	if ! [[ $d =~ ^[a-z_][a-z0-9_]*$ ]]; then
		echo "cluster.sh: --db must be a plain lowercase name ([a-z_][a-z0-9_]*), not $d" >&2
		exit 2
	fi
done
dir=${dir:-/var/tmp/codna-bench-$port}
case "$dir" in
/*) ;;
*) echo "cluster.sh: --dir must be absolute" >&2; exit 2 ;;
esac
if [ "$(stat -f -c %T "$(dirname "$dir")" 2>/dev/null || true)" = tmpfs ]; then
	echo "cluster.sh: $(dirname "$dir") is a tmpfs: the load figures need the real disk (fsync on)" >&2
	exit 2
fi

bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
if [ ! -x "$bin/initdb" ] || [ ! -x "$bin/pg_ctl" ]; then
	echo "cluster.sh: no PostgreSQL 15 server binaries in $bin (apt-get install postgresql-15, or set PG_BIN)" >&2
	exit 1
fi

# initdb and postgres refuse to run as root: run them as the postgres system user.
as_server() {
	if [ "$(id -u)" = 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

pgctl() { as_server "$bin/pg_ctl" -D "$dir/data" "$@"; }
running() { [ -f "$dir/data/postmaster.pid" ] && pgctl status >/dev/null 2>&1; }

case "$cmd" in
stop)
	if running; then pgctl -m fast -w stop; else echo "not running: $dir"; fi
	exit 0
	;;
status)
	if running; then echo "running: $dir on 127.0.0.1:$port"; exit 0; fi
	echo "not running: $dir"
	exit 3
	;;
destroy)
	case "$(basename "$dir")" in
	codna-bench-*) ;;
	*) echo "cluster.sh: destroy only deletes a directory named codna-bench-*, not $dir" >&2; exit 2 ;;
	esac
	if running; then pgctl -m fast -w stop; fi
	rm -rf -- "$dir"
	echo "destroyed: $dir"
	exit 0
	;;
esac

if [ ! -f "$dir/data/PG_VERSION" ]; then
	mkdir -p "$dir"
	if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
	chmod 0700 "$dir"
	as_server "$bin/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=trust \
		--encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
		cat "$dir/initdb.log" >&2
		exit 1
	}
	# Durability as in production: fsync and synchronous commit on. Only loopback.
	as_server tee -a "$dir/data/postgresql.conf" >/dev/null <<CONF

# bench/cluster.sh
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
max_connections = 300
shared_buffers = $shared_buffers
fsync = on
synchronous_commit = on
full_page_writes = on
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.max = 10000
pg_stat_statements.track = top
log_min_messages = warning
CONF
fi

if ! running; then
	pgctl -l "$dir/postgres.log" -w -t 60 start >/dev/null || {
		tail -n 20 "$dir/postgres.log" >&2
		exit 1
	}
fi

psql() { "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres "$@"; }
for d in "${dbs[@]}"; do
	if [ -z "$(psql -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$d'")" ]; then
		psql -d postgres -c "CREATE DATABASE $d"
	fi
	psql -d "$d" -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
	echo "DATABASE_URL=postgres://postgres@127.0.0.1:$port/$d?sslmode=disable"
done
