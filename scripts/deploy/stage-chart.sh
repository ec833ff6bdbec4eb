#!/usr/bin/env bash
# Copies charts/pricecompare to DEST without its `dependencies:` block, so that it can be linted
# and rendered offline with the infrastructure subcharts disabled (Helm refuses to render a chart
# whose declared dependencies are missing from charts/, whatever their `condition`).
# Usage: scripts/deploy/stage-chart.sh DEST   → the staged chart is DEST/pricecompare
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dest="${1:?usage: stage-chart.sh DEST}"
src="$root/charts/pricecompare"

rm -rf "$dest/pricecompare"
mkdir -p "$dest"
cp -R "$src" "$dest/pricecompare"
rm -rf "$dest/pricecompare/charts" "$dest/pricecompare/Chart.lock"
# Drop the top-level `dependencies:` key and everything indented under it.
awk '
  /^dependencies:/ { skip = 1; next }
  skip && /^[^[:space:]#-]/ { skip = 0 }
  !skip { print }
' "$src/Chart.yaml" > "$dest/pricecompare/Chart.yaml"
if grep -q '^dependencies:' "$dest/pricecompare/Chart.yaml"; then
  echo "stage-chart: failed to strip dependencies" >&2
  exit 1
fi
echo "$dest/pricecompare"
