#!/usr/bin/env bash
# grpcurl, the operators' command-line gRPC client: the end-to-end tests list each running
# service with it over server reflection, as an operator would. Built once from the Go module
# proxy (`go install`, a pinned version) into the tools cache; prints the binary's path.
# With --check, only prints the path of one already built (exit 1 when there is none).
set -euo pipefail
VERSION=v1.9.3
TOOLS=${PRICECOMPARE_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare/tools}
DIR="$TOOLS/grpcurl-$VERSION"
if [ "${1:-}" = "--check" ] && [ ! -x "$DIR/grpcurl" ]; then
  exit 1
fi
if [ ! -x "$DIR/grpcurl" ]; then
  GO=$(command -v go || echo /usr/local/go/bin/go)
  if [ ! -x "$GO" ]; then
    echo "ensure-grpcurl: Go is needed to build grpcurl (apt-get install golang-go)" >&2
    exit 1
  fi
  echo "ensure-grpcurl: building grpcurl $VERSION with go install" >&2
  mkdir -p "$DIR"
  GOBIN="$DIR" GOFLAGS=-buildvcs=false "$GO" install "github.com/fullstorydev/grpcurl/cmd/grpcurl@$VERSION" >&2
fi
echo "$DIR/grpcurl"
