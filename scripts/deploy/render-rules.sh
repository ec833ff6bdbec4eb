#!/usr/bin/env bash
# Writes deploy/prometheus-rules.yaml, the plain rules file, from the chart: the PrometheusRule's
# rules (charts/pricecompare/files/prometheus-rules.yaml with the default values' components and
# runbook base filled in). scripts/deploy/check.sh fails when the committed file differs.
#
#   scripts/deploy/render-rules.sh [OUT]     (default: deploy/prometheus-rules.yaml)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-$root/deploy/prometheus-rules.yaml}"
helm="${HELM:-${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare/bin/helm}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$helm" template pricecompare "$root/charts/pricecompare" --show-only templates/prometheusrule.yaml \
  --set telemetry.prometheusRule.enabled=true > "$work/rule.yaml"
# The rules are the text under `spec:`, indented by two: take it as it is (comments included).
awk 'f { print substr($0, 3) } /^spec:$/ { f = 1 }' "$work/rule.yaml" > "$out"
