#!/usr/bin/env bash
# Writes $ENGINES_HOME/env.sh: the connection variables of every engine that is running.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$ENGINES_HOME/env.sh"
{
  echo "# written by scripts/engines/engines.sh up — source it to reach the running engines"
  echo "export ENGINES_HOME='$ENGINES_HOME'"
  bash "$here/redis.sh" status >/dev/null 2>&1 && echo "export REDIS_URL='redis://127.0.0.1:${REDIS_PORT:-6379}'"
  bash "$here/kafka.sh" status >/dev/null 2>&1 && echo "export KAFKA_BROKERS='127.0.0.1:${KAFKA_PORT:-9092}'"
  bash "$here/elasticsearch.sh" status >/dev/null 2>&1 && echo "export ELASTICSEARCH_URL='http://127.0.0.1:${ELASTICSEARCH_PORT:-9200}'"
  bash "$here/mongodb.sh" status >/dev/null 2>&1 && echo "export MONGODB_URI='mongodb://127.0.0.1:${MONGODB_PORT:-27017}/'"
  bash "$here/stripe-mock.sh" status >/dev/null 2>&1 && echo "export STRIPE_API_BASE='http://127.0.0.1:${STRIPE_MOCK_PORT:-12111}'"
  true
} > "$out"
cat "$out"
