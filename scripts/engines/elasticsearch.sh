#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# Elasticsearch for the cluster profile's tests, on 127.0.0.1 without Docker (docs/engines.md):
#   scripts/engines/elasticsearch.sh up|down|status|restart
# The integ-test-zip distribution from Maven Central (no bundled JDK, no analysis-common, no
# reindex: the adapter pre-analyses text and reindexes itself). It refuses to run as root, so a
# dedicated system user runs it; see elasticsearch/layout.sh for where its files live and why.
# Env: ENGINES_HOME, ELASTICSEARCH_PORT (9200), ELASTICSEARCH_USER (pricecompare-es),
#      ELASTICSEARCH_HEAP (512m), ELASTICSEARCH_START_TIMEOUT (120 s), ELASTICSEARCH_STOP_TIMEOUT (30 s).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export ENGINES_HOME="${ENGINES_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare/engines}"
# Newest 8.x on Maven Central (checked with versions:display-dependency-updates); 9.x needs Java 21.
ES_VERSION=8.19.21
ES_PORT="${ELASTICSEARCH_PORT:-9200}"
ES_USER="${ELASTICSEARCH_USER:-pricecompare-es}"
START_TIMEOUT="${ELASTICSEARCH_START_TIMEOUT:-120}"
STOP_TIMEOUT="${ELASTICSEARCH_STOP_TIMEOUT:-30}"
URL="http://127.0.0.1:$ES_PORT"

# shellcheck source=elasticsearch/layout.sh
source "$here/elasticsearch/layout.sh"
# shellcheck source=elasticsearch/process.sh
source "$here/elasticsearch/process.sh"

answers() {
  curl -fsS --max-time 5 "$URL/_cluster/health?wait_for_status=yellow&timeout=4s" >/dev/null 2>&1
}

cmd_up() {
  if answers; then echo "elasticsearch: already up at $URL"; return 0; fi
  ensure_user
  resolve_layout
  exec 9>"$ENGINES_HOME/run/.elasticsearch.lock"
  flock 9 # two concurrent `up`s: the second waits and then finds it running
  if answers; then echo "elasticsearch: already up at $URL"; return 0; fi
  local started=$SECONDS
  ensure_distribution
  prepare_run_dir
  if ! server_pid >/dev/null; then launch; fi
  wait_until_answering "$started"
}

cmd_down() {
  resolve_layout_if_present || { echo "elasticsearch: not set up"; return 0; }
  stop_server
}

cmd_status() {
  if answers; then echo "elasticsearch: up at $URL"; return 0; fi
  echo "elasticsearch: not answering at $URL"
  return 1
}

case "${1:-status}" in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  restart) cmd_down && cmd_up ;;
  *)
    echo "usage: $0 up|down|status|restart" >&2
    exit 2
    ;;
esac
