#!/usr/bin/env bash
# Installs Debian's PostgreSQL server for the tests' throwaway cluster (tests/postgres_cluster.py), once,
# system-wide with apt-get (as root), saying what it installs before it does. Without root and without the server,
# it says so and the PostgreSQL variants of the tests are skipped. $POSTGRES_LIB: where Debian puts the servers.
set -euo pipefail
POSTGRES_LIB="${POSTGRES_LIB:-/usr/lib/postgresql}"
if compgen -G "$POSTGRES_LIB/*/bin/postgres" >/dev/null; then
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "install-postgres: PostgreSQL is missing and this is not root: its tests will be skipped" \
         "(as root: apt-get install postgresql)" >&2
    exit 0
fi
echo "install-postgres: the PostgreSQL tests need its server: installing Debian's postgresql system-wide with" \
     "apt-get (the tests run their own throwaway cluster in a temporary folder)"
export DEBIAN_FRONTEND=noninteractive
if apt-get install -y -qq postgresql >/dev/null 2>&1 || \
        { apt-get update -qq && apt-get install -y -qq postgresql >/dev/null; }; then
    echo "install-postgres: installed postgresql"
else
    echo "install-postgres: apt-get could not install postgresql: its tests will be skipped" >&2
fi
