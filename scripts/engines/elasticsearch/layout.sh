# shellcheck shell=bash
# Sourced by ../elasticsearch.sh: the service user, where the distribution and the run dir live,
# and how they are prepared.
#
# Where: the zip stays in $ENGINES_HOME/cache/elasticsearch (root reads it). The unpacked
# distribution and the run dir (data, logs, config, pid) must be reachable by the service user.
# When ENGINES_HOME is not (the default one under /root, mode 0700), we do NOT open /root up:
# both live under /var/lib/pricecompare-engines/<hash of ENGINES_HOME>/ instead, and
# $ENGINES_HOME/cache/elasticsearch/elasticsearch-<v> and $ENGINES_HOME/run/elasticsearch are
# symlinks to them, so everything is still found from ENGINES_HOME. The distribution stays
# root-owned and read-only for the service user; only the run dir belongs to it.

ARTIFACT="org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ES_VERSION:zip"
OUTSIDE_BASE=/var/lib/pricecompare-engines

ensure_user() {
  id -u "$ES_USER" >/dev/null 2>&1 && return 0
  echo "elasticsearch: creating system user $ES_USER"
  useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$ES_USER"
}

# Sets CACHE_DIR, ES_HOME, RUN_DIR (real paths the service user can reach) and RUN_LINK (the
# path under ENGINES_HOME that root uses).
resolve_layout() {
  CACHE_DIR="$ENGINES_HOME/cache/elasticsearch"
  RUN_LINK="$ENGINES_HOME/run/elasticsearch"
  mkdir -p "$CACHE_DIR" "$ENGINES_HOME/run"
  local base="$ENGINES_HOME"
  if ! runuser -u "$ES_USER" -- test -x "$ENGINES_HOME/run"; then
    base="$OUTSIDE_BASE/$(printf '%s' "$ENGINES_HOME" | sha256sum | cut -c1-12)"
    mkdir -p "$base/cache/elasticsearch" "$base/run/elasticsearch"
    chmod 0755 "$OUTSIDE_BASE" "$base" "$base/cache" "$base/cache/elasticsearch" "$base/run"
    link "$base/cache/elasticsearch/elasticsearch-$ES_VERSION" "$CACHE_DIR/elasticsearch-$ES_VERSION"
    link "$base/run/elasticsearch" "$RUN_LINK"
  fi
  ES_HOME="$base/cache/elasticsearch/elasticsearch-$ES_VERSION"
  RUN_DIR="$base/run/elasticsearch"
}

# For `down`: nothing to resolve (and no user to create) when it was never set up.
resolve_layout_if_present() {
  RUN_LINK="$ENGINES_HOME/run/elasticsearch"
  [ -d "$RUN_LINK" ] || return 1
  RUN_DIR="$(readlink -f "$RUN_LINK")"
}

link() {
  local target="$1" name="$2"
  [ "$(readlink "$name" 2>/dev/null)" = "$target" ] && return 0
  # A real directory here means an earlier layout: keep it rather than delete data.
  [ -e "$name" ] && [ ! -L "$name" ] && { echo "elasticsearch: $name exists and is not a link to $target" >&2; exit 1; }
  ln -sfn "$target" "$name"
}

ensure_distribution() {
  [ -x "$ES_HOME/bin/elasticsearch" ] && return 0
  local zip="$CACHE_DIR/elasticsearch-$ES_VERSION.zip"
  if [ ! -f "$zip" ]; then
    echo "elasticsearch: fetching $ARTIFACT"
    (cd "$CACHE_DIR" && mvn -B -q dependency:copy -Dartifact="$ARTIFACT" -DoutputDirectory="$CACHE_DIR")
  fi
  echo "elasticsearch: unpacking $ES_VERSION"
  local staging
  staging="$(mktemp -d "$(dirname "$ES_HOME")/.unpack.XXXXXX")"
  if command -v unzip >/dev/null; then
    unzip -q "$zip" -d "$staging"
  else
    # Python's zipfile drops the exec bits, which only the launch scripts need.
    python3 -m zipfile -e "$zip" "$staging"
    chmod +x "$staging/elasticsearch-$ES_VERSION/bin/"*
  fi
  chmod -R a+rX,go-w "$staging"
  rm -rf "$ES_HOME"
  # Unpacked next to its final place and moved in one step: an interrupted unpack is never used.
  mv "$staging/elasticsearch-$ES_VERSION" "$ES_HOME"
  rmdir "$staging"
}

# Config is rewritten on every `up` (settings and port may change); data and the keystore stay.
prepare_run_dir() {
  mkdir -p "$RUN_DIR/data" "$RUN_DIR/logs" "$RUN_DIR/config" "$RUN_DIR/tmp"
  cp "$ES_HOME/config/log4j2.properties" "$RUN_DIR/config/"
  mkdir -p "$RUN_DIR/config/jvm.options.d"
  # The stock jvm.options writes gc.log and hs_err files to the working dir, which the user
  # cannot write (the distribution is read-only for it).
  sed -e "s|file=gc.log|file=$RUN_DIR/logs/gc.log|" -e "s|ErrorFile=hs_err|ErrorFile=$RUN_DIR/logs/hs_err|" \
    "$ES_HOME/config/jvm.options" >"$RUN_DIR/config/jvm.options"
  write_settings >"$RUN_DIR/config/elasticsearch.yml"
  chown -R "$ES_USER:$ES_USER" "$RUN_DIR"
  chmod 0750 "$RUN_DIR"
}

write_settings() {
  cat <<EOF
# Written by scripts/engines/elasticsearch.sh on every up; edits here are lost.
cluster.name: pricecompare-dev
node.name: dev-1
discovery.type: single-node
network.host: 127.0.0.1
http.port: $ES_PORT
path.data: $RUN_DIR/data
path.logs: $RUN_DIR/logs
cluster.routing.allocation.disk.threshold_enabled: false
EOF
  [ -d "$ES_HOME/modules/x-pack-security" ] && echo "xpack.security.enabled: false"
  [ -d "$ES_HOME/modules/x-pack-ml" ] && echo "xpack.ml.enabled: false"
  [ -d "$ES_HOME/modules/ingest-geoip" ] && echo "ingest.geoip.downloader.enabled: false"
  true
}
