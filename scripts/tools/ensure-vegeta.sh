#!/usr/bin/env bash
# vegeta, the HTTP load generator of `npm run load` (k6 is under the AGPL and not used here: ADR
# 051). Built once from the Go module proxy (`go install`, a pinned version) into the tools
# cache; prints the binary's path. With --check, only prints the path of one already built
# (exit 1 when there is none).
exec bash "$(dirname "${BASH_SOURCE[0]}")/go-install-tool.sh" vegeta v12.13.0 github.com/tsenart/vegeta/v12 "$@"
