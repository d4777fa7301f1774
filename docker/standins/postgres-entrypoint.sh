#!/bin/bash
# The entrypoint of docker/standins/postgres.Dockerfile: like the official image's, it makes the
# database cluster on the first start (superuser POSTGRES_USER with POSTGRES_PASSWORD, database
# POSTGRES_DB), then runs the server as the postgres user, listening on every address.
set -euo pipefail

if [[ ${1:-} != postgres ]]; then
    exec "$@"
fi
if [[ $(id -u) -eq 0 ]]; then
    mkdir -p "$PGDATA" /var/run/postgresql
    chown -R postgres:postgres "$PGDATA" /var/run/postgresql
    chmod 700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
if [[ ! -s $PGDATA/PG_VERSION ]]; then
    if [[ -z ${POSTGRES_PASSWORD:-} ]]; then
        echo "postgres stand-in: POSTGRES_PASSWORD must be set" >&2
        exit 1
    fi
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
    initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
        --encoding=UTF8 --locale=C.UTF-8 > /dev/null
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
    echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
    if [[ $db != postgres ]]; then
        # On the socket alone, so that nobody connects before the database exists.
        pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start > /dev/null
        psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -q \
            -c "CREATE DATABASE \"$db\""
        pg_ctl -D "$PGDATA" -m fast -w stop > /dev/null
    fi
    echo "postgres stand-in: made the database $db for $user"
fi
exec "$@"
