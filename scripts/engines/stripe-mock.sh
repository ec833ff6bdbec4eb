#!/usr/bin/env bash
# stripe-mock: Stripe's own API mock (built from Stripe's OpenAPI spec) for billing's stripe adapter,
# on http://127.0.0.1:${STRIPE_MOCK_PORT:-12111}.   scripts/engines/stripe-mock.sh up|down|status|restart
# The binary is built once from the Go module proxy at a pinned version and cached in
# $ENGINES_HOME/cache/stripe-mock; log and pid live in $ENGINES_HOME/run/stripe-mock. It keeps no
# state: every answer is a fixture shaped by the request (see services/billing/README.md).
set -euo pipefail
export ENGINES_HOME="${ENGINES_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare/engines}"
version="v0.203.0"
port="${STRIPE_MOCK_PORT:-12111}"
cache="$ENGINES_HOME/cache/stripe-mock"
run="$ENGINES_HOME/run/stripe-mock"
bin="$cache/stripe-mock-$version"
pidfile="$run/stripe-mock.pid"
logfile="$run/stripe-mock.log"
base="http://127.0.0.1:$port"

# A real answer of the API (any key is accepted by the mock), not just an open port.
answers() { curl -fsS -m 2 -u sk_test_engines: "$base/v1/customers?limit=1" 2>/dev/null | grep -q '"object": *"list"'; }
pid_alive() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }
# Ours when the process listening on the port is the one our pidfile names.
ours() {
  pid_alive || return 1
  ss -ltnpH "sport = :$port" 2>/dev/null | grep -q "pid=$(cat "$pidfile"),"
}

build() {
  [ -x "$bin" ] && return 0
  mkdir -p "$cache"
  exec 9>"$cache/build.lock"
  flock 9
  if [ ! -x "$bin" ]; then
    echo "stripe-mock: building $version from the Go module proxy (about a minute on 2 cores)"
    local gobin
    gobin="$(mktemp -d "$cache/gobin.XXXXXX")"
    GOBIN="$gobin" GOFLAGS="-buildvcs=false" go install "github.com/stripe/stripe-mock@$version"
    mv "$gobin/stripe-mock" "$bin"
    rm -rf "$gobin"
    find "$cache" -maxdepth 1 -name 'stripe-mock-*' ! -name "stripe-mock-$version" -delete
  fi
  flock -u 9
}

up() {
  build
  if ours && answers; then
    echo "stripe-mock: already running (pid $(cat "$pidfile")) at $base"
    return 0
  fi
  if answers; then
    echo "stripe-mock: another server answers at $base; stop it or set STRIPE_MOCK_PORT" >&2
    return 1
  fi
  mkdir -p "$run"
  rm -f "$pidfile"
  # HTTP only: the stripe client is pointed at it with protocol http (STRIPE_API_BASE).
  setsid "$bin" -http-addr "127.0.0.1:$port" >>"$logfile" 2>&1 </dev/null &
  echo $! >"$pidfile"
  for _ in $(seq 1 100); do
    if answers; then
      echo "stripe-mock: up (pid $(cat "$pidfile")) at $base, $version"
      return 0
    fi
    pid_alive || break
    sleep 0.2
  done
  echo "stripe-mock: did not answer within 20 s; last log lines:" >&2
  tail -n 20 "$logfile" >&2 || true
  return 1
}

down() {
  if ! pid_alive; then
    rm -f "$pidfile"
    echo "stripe-mock: not running"
    return 0
  fi
  local pid
  pid="$(cat "$pidfile")"
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$pidfile"; echo "stripe-mock: stopped"; return 0; }
    sleep 0.2
  done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$pidfile"
  echo "stripe-mock: killed"
}

status() {
  if ours && answers; then
    echo "stripe-mock: running (pid $(cat "$pidfile")) at $base"
    return 0
  fi
  echo "stripe-mock: stopped"
  return 1
}

case "${1:-status}" in
  up) up ;;
  down) down ;;
  status) status ;;
  restart) down && up ;;
  build) build ;;
  *)
    echo "usage: $0 up|down|status|restart|build" >&2
    exit 2
    ;;
esac
