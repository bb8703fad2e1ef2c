#!/usr/bin/env bash
# Makes sure this machine has the PostgreSQL server programs (initdb, pg_ctl,
# postgres) that the tests and benchmarks start throwaway servers with
# (test/helpers/postgres.ts): found on the PATH or in Debian's
# /usr/lib/postgresql/<version>/bin, or else installed from Debian's packages
# when this runs as root with apt-get (CI). It starts no server itself.
# Exits 0 when the programs are there afterwards, 1 (saying why) otherwise.
set -uo pipefail

have_server() {
  { command -v initdb && command -v pg_ctl; } >/dev/null 2>&1 && return 0
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null
}

if have_server; then
  echo "PostgreSQL server programs: present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "PostgreSQL server programs: missing, and this is not root on a Debian machine; install Debian's postgresql package (or initdb and pg_ctl on the PATH)"
  exit 1
fi

echo "PostgreSQL server programs: missing; installing Debian's postgresql package"
# Debian's package would create a cluster of its own and start it on port 5432; the tests start their own servers.
mkdir -p /etc/postgresql-common/createcluster.d
echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/gatehouse-no-main-cluster.conf
export DEBIAN_FRONTEND=noninteractive
if ! apt-get update >/dev/null || ! apt-get install -y --no-install-recommends postgresql >/dev/null; then
  echo "PostgreSQL server programs: apt-get could not install postgresql"
  exit 1
fi
if have_server; then
  echo "PostgreSQL server programs: installed"
  exit 0
fi
echo "PostgreSQL server programs: still missing after installing postgresql"
exit 1
