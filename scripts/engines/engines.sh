#!/usr/bin/env bash
# The real engines of the cluster profile on 127.0.0.1, without Docker (docs/engines.md):
#   scripts/engines/engines.sh up|down|status|restart [engine…]   (default: all engines)
# Engines: kafka, elasticsearch, mongodb (FerretDB v1 behind a wrapper of ours), redis,
# stripe-mock (Stripe's API mock, for billing's stripe adapter).
# Artifacts and builds are cached in $ENGINES_HOME/cache (reused across runs and clones);
# data, logs and pid files live in $ENGINES_HOME/run/<engine>. `up` waits until each engine
# really answers and writes $ENGINES_HOME/env.sh with the URLs the tests and services read.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export ENGINES_HOME="${ENGINES_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare/engines}"
mkdir -p "$ENGINES_HOME/cache" "$ENGINES_HOME/run"
ALL=(redis kafka elasticsearch mongodb stripe-mock)

command="${1:-status}"
shift || true
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=("${ALL[@]}")

for engine in "${engines[@]}"; do
  script="$here/$engine.sh"
  [ -f "$script" ] || { echo "unknown engine: $engine (have: ${ALL[*]})" >&2; exit 2; }
done

case "$command" in
  up)
    for engine in "${engines[@]}"; do
      echo "── $engine: up"
      bash "$here/$engine.sh" up
    done
    bash "$here/write-env.sh"
    echo "engines up; source $ENGINES_HOME/env.sh"
    ;;
  down | status | restart)
    rc=0
    for engine in "${engines[@]}"; do bash "$here/$engine.sh" "$command" || rc=$?; done
    exit $rc
    ;;
  *)
    echo "usage: $0 up|down|status|restart [engine…]" >&2
    exit 2
    ;;
esac
