#!/usr/bin/env bash
# Installs Debian's PostgreSQL server for the tests' throwaway cluster (tests/postgres_cluster.py), once.
# Without root and without the server, it says so and the PostgreSQL variants of the tests are skipped.
set -euo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null; then
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "install-postgres: PostgreSQL is missing and this is not root: its tests will be skipped" \
         "(as root: apt-get install postgresql)" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -qq postgresql >/dev/null 2>&1; then
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null || \
        echo "install-postgres: apt-get could not install postgresql: its tests will be skipped" >&2
fi
