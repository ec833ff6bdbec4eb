#!/usr/bin/env bash
# grpcurl, the operators' command-line gRPC client: the end-to-end tests list each running
# service with it over server reflection, as an operator would. Built once from the Go module
# proxy (`go install`, a pinned version) into the tools cache; prints the binary's path.
# With --check, only prints the path of one already built (exit 1 when there is none).
exec bash "$(dirname "${BASH_SOURCE[0]}")/go-install-tool.sh" grpcurl v1.9.3 github.com/fullstorydev/grpcurl/cmd/grpcurl "$@"
