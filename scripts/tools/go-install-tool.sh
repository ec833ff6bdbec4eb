#!/usr/bin/env bash
# Builds a Go command-line tool once from the Go module proxy (`go install`, a pinned version)
# into the tools cache and prints the binary's path; with --check, only prints the path of one
# already built (exit 1 when there is none). Used by the ensure-<tool>.sh scripts beside it.
#
#   go-install-tool.sh NAME VERSION PACKAGE [--check]
set -euo pipefail
NAME=$1 VERSION=$2 PACKAGE=$3
TOOLS=${PRICECOMPARE_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare/tools}
DIR="$TOOLS/$NAME-$VERSION"
if [ "${4:-}" = "--check" ] && [ ! -x "$DIR/$NAME" ]; then
  exit 1
fi
if [ ! -x "$DIR/$NAME" ]; then
  GO=$(command -v go || echo /usr/local/go/bin/go)
  if [ ! -x "$GO" ]; then
    echo "ensure-$NAME: Go is needed to build $NAME (apt-get install golang-go)" >&2
    exit 1
  fi
  echo "ensure-$NAME: building $NAME $VERSION with go install" >&2
  mkdir -p "$DIR"
  GOBIN="$DIR" GOFLAGS=-buildvcs=false "$GO" install "$PACKAGE@$VERSION" >&2
fi
echo "$DIR/$NAME"
