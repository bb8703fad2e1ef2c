#!/usr/bin/env bash
# The programs from outside npm that some test suites (and the benchmarks) need. Each is found
# here, or else installed from its Debian package when this runs as root with
# apt-get; otherwise this says which suites go without it and the one command
# that installs it. `npm test` runs it before the suite (--or-skip), and CI
# through `npm test`; the suites ask for their tool through
# test/helpers/missing-tool.ts, and the run ends by naming every suite skipped
# for want of one (test/helpers/summary-reporter.cjs). Under a tool's
# variable set to true (CI sets them all) its suites fail instead of skipping.
#
#   bash scripts/install-test-tools.sh [tool...]    install what is missing, of all tools or those named
#   bash scripts/install-test-tools.sh --or-skip    the same, exiting 0 whatever is missing (its suites skip)
#   bash scripts/install-test-tools.sh --variables  each tool's variable, one a line
#
# Exits 0 when every tool asked for is there afterwards, 1 (saying why) when
# one is missing, 2 for an argument it does not know.
set -uo pipefail

# One line per tool:
#   name | what it is | the suites that need it | a check that it is here | Debian package | the variable that makes its absence fail
tools=(
  "postgresql|PostgreSQL's server programs (initdb, pg_ctl)|the PostgreSQL suites|have_postgres|postgresql|GATEHOUSE_POSTGRES_REQUIRED"
  'chromium|Chromium|the browser suites|test -x "${GATEHOUSE_CHROMIUM:-/usr/bin/chromium}"|chromium|GATEHOUSE_CHROMIUM_REQUIRED'
  'wrk|wrk, the HTTP load generator|the HTTP benchmarks of npm run bench|test -x "${GATEHOUSE_WRK:-/usr/bin/wrk}"|wrk|GATEHOUSE_WRK_REQUIRED'
  'nginx|nginx, the reverse proxy|the forward authentication suite behind nginx|test -x "${GATEHOUSE_NGINX:-/usr/sbin/nginx}"|nginx|GATEHOUSE_NGINX_REQUIRED'
)

# Where test/helpers/postgres.ts looks: GATEHOUSE_POSTGRES_BIN, else the PATH, else Debian's /usr/lib/postgresql/<version>/bin.
have_postgres() {
  if [ -n "${GATEHOUSE_POSTGRES_BIN:-}" ]; then
    [ -x "$GATEHOUSE_POSTGRES_BIN/initdb" ] && [ -x "$GATEHOUSE_POSTGRES_BIN/pg_ctl" ]
    return
  fi
  { command -v initdb && command -v pg_ctl; } >/dev/null 2>&1 && return 0
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null
}

# Debian's package would create a cluster of its own and start it on port 5432; the tests start their own servers.
before_installing_postgresql() {
  mkdir -p /etc/postgresql-common/createcluster.d &&
    echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/gatehouse-no-main-cluster.conf
}

is_root() { [ "$(id -u 2>/dev/null)" = 0 ]; }
can_install() { is_root && command -v apt-get >/dev/null 2>&1; }

install_command() {
  local command="bash scripts/install-test-tools.sh $1"
  is_root || command="sudo $command"
  command -v apt-get >/dev/null 2>&1 || command="$command (on Debian; elsewhere, your system's $2 package)"
  echo "$command"
}

or_skip=no
asked=()
for argument in "$@"; do
  case "$argument" in
    --or-skip) or_skip=yes ;;
    --variables)
      for line in "${tools[@]}"; do echo "${line##*|}"; done
      exit 0
      ;;
    *)
      known=no
      for line in "${tools[@]}"; do [ "${line%%|*}" = "$argument" ] && known=yes; done
      if [ "$known" = no ]; then
        names=$(for line in "${tools[@]}"; do printf '%s ' "${line%%|*}"; done)
        echo "no test tool named $argument; the tools: ${names% }"
        exit 2
      fi
      asked+=("$argument")
      ;;
  esac
done

updated=no
missing=0
for line in "${tools[@]}"; do
  IFS='|' read -r name title suites check package variable <<<"$line"
  if [ "${#asked[@]}" -gt 0 ] && [[ " ${asked[*]} " != *" $name "* ]]; then continue; fi
  if eval "$check"; then
    echo "$title: present"
    continue
  fi
  outcome="will be skipped"
  [ "${!variable:-}" = true ] && outcome="will fail ($variable=true)"
  if ! can_install; then
    echo "$title: missing: $suites $outcome; to install it: $(install_command "$name" "$package")"
    missing=$((missing + 1))
    continue
  fi
  echo "$title: missing; installing Debian's $package package"
  export DEBIAN_FRONTEND=noninteractive
  if declare -F "before_installing_$name" >/dev/null; then "before_installing_$name"; fi
  if [ "$updated" = no ]; then
    apt-get update >/dev/null && updated=yes
  fi
  if ! apt-get install -y --no-install-recommends "$package" >/dev/null; then
    echo "$title: apt-get could not install $package: $suites $outcome"
    missing=$((missing + 1))
  elif eval "$check"; then
    echo "$title: installed"
  else
    echo "$title: still missing after installing $package: $suites $outcome"
    missing=$((missing + 1))
  fi
done

[ "$or_skip" = yes ] && exit 0
[ "$missing" -eq 0 ]
