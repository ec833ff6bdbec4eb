#!/usr/bin/env bash
# Offline checks of everything under deploy/, charts/ and the Tiltfile. Exits non-zero on any
# failure. Needs Go (for helm and the small checkers in scripts/deploy/tools) and Python 3; no
# Docker, no cluster, no network beyond the Go module proxy and PyPI on the first run.
#
#   scripts/deploy/check.sh
#
# Tools are built once into ${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare (helm takes a few
# minutes to compile the first time on 2 cores) and reused while their pinned version is unchanged.
#
# What it checks:
#   1. deploy/Dockerfile: parsed by BuildKit's parser, every SERVICE's target resolves; the
#      small-image rules (distroless runtime, no RUN/build tools in shipped stages, production
#      deps only, no architecture named); one manifest COPY per workspace and one final stage per
#      deployable (services/services.json, web); .dockerignore; the image size where docker or
#      podman can build
#   2. the chart runs no engines (no dependencies): they are external endpoints (ADR 058)
#   3. helm lint --strict and helm template (--kube-version) with default, dev, production and
#      full values
#   4. kubernetes-validate --strict of every rendering (default, dev, production and full values);
#      custom resources against their operators' CRDs; hardened-default policy (policy.py): PDB
#      and topology spread for every component with more than one replica, country hosts routed,
#      each service's NetworkPolicy egress only to the engines and endpoints it uses;
#      production: an HPA or KEDA ScaledObject per component, a lag trigger per consumer group
#      deploy/operators/ (the engines' operator examples) and deploy/dev-engines.yaml: validated
#      like the chart, the operators' kinds against their CRDs or policy.py operators
#   5. values.schema.json rejects typos (expected failures), render-time validation fails fast
#   6. the Tiltfile, run against stubs of Tilt's API (tiltcheck), every file deploy/Dockerfile
#      COPYs inside each image's only= list; the identity Secret it makes holds a key per
#      component and the trust file, and the same keys on a second run
#   7. deploy/prometheus-rules.yaml: the chart's PrometheusRule rendered with the default values,
#      parsed by Prometheus' own rule parser; every alert has a runbook_url and its
#      docs/runbooks/<alert>.md; deploy/otel-collector.yaml
#   8. warns if package-lock.json is not usable by `npm ci` (the Dockerfile depends on it)
set -euo pipefail

HELM_VERSION="v3.21.4"
KUBERNETES_VALIDATE_VERSION="1.37.0"
KUBE_VERSION="1.30.0"
# Kubernetes minor of the client libraries of that helm release (its default capabilities).
HELM_K8S_MINOR="36"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# One Deployment per listed service, plus the site and the staff admin app.
deployments=$(( $(node -e "process.stdout.write(String(require('$root/scripts/platform/service-list.cjs').SERVICES.length))") + 2 ))
cache="${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare"
bin="$cache/bin"
venv="$cache/venv"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
started=$SECONDS
failures=0

step() { printf '\n== %s\n' "$*"; }
ok() { printf '   ok: %s\n' "$*"; }
bad() { printf '   FAIL: %s\n' "$*" >&2; failures=$((failures + 1)); }
warn() { printf '   WARN: %s\n' "$*" >&2; }

# --- tools -------------------------------------------------------------------------------------
step "tools (cache: $cache)"
mkdir -p "$bin"
export GOFLAGS="-mod=mod"

if [[ -x "$bin/helm" && "$(cat "$bin/helm.version" 2>/dev/null)" == "$HELM_VERSION" ]]; then
  ok "helm $HELM_VERSION (cached)"
else
  t=$SECONDS
  echo "   building helm $HELM_VERSION with go install (minutes on a cold cache) ..."
  GOBIN="$bin" go install -ldflags "-s -w \
    -X helm.sh/helm/v3/internal/version.version=$HELM_VERSION \
    -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=$HELM_K8S_MINOR \
    -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=$HELM_K8S_MINOR" \
    "helm.sh/helm/v3/cmd/helm@$HELM_VERSION"
  echo "$HELM_VERSION" > "$bin/helm.version"
  ok "helm $HELM_VERSION built in $((SECONDS - t))s"
fi
helm="$bin/helm"

if [[ -x "$venv/bin/kubernetes-validate" && "$(cat "$venv/kv.version" 2>/dev/null)" == "$KUBERNETES_VALIDATE_VERSION" ]]; then
  ok "kubernetes-validate $KUBERNETES_VALIDATE_VERSION (cached)"
else
  t=$SECONDS
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION"
  echo "$KUBERNETES_VALIDATE_VERSION" > "$venv/kv.version"
  ok "kubernetes-validate $KUBERNETES_VALIDATE_VERSION installed in $((SECONDS - t))s"
fi
kv="$venv/bin/kubernetes-validate"
py="$venv/bin/python"

tools_src="$root/scripts/deploy/tools"
tools_hash="$(cd "$tools_src" && cat go.mod go.sum $(find cmd -name '*.go' | sort) | sha256sum | cut -c1-16)"
# One folder per version of the checkers' sources: checks of other checkouts (worktrees) that
# share the cache never replace the binaries this run uses.
tools_bin="$cache/deploy-tools/$tools_hash"
if [[ -x "$tools_bin/tiltcheck" && -x "$tools_bin/rulecheck" && -x "$tools_bin/dockerfilecheck" ]]; then
  ok "tiltcheck, rulecheck, dockerfilecheck (cached)"
else
  t=$SECONDS
  mkdir -p "$tools_bin.tmp.$$"
  (cd "$tools_src" && go build -o "$tools_bin.tmp.$$/" ./cmd/tiltcheck ./cmd/rulecheck ./cmd/dockerfilecheck)
  rm -rf "$tools_bin" && mv "$tools_bin.tmp.$$" "$tools_bin"
  ok "tiltcheck, rulecheck, dockerfilecheck built in $((SECONDS - t))s"
fi

# CRDs of the custom resources the chart and deploy/operators/ render, from the operators' Go
# modules (the Go module proxy on the first run, the module cache after): KEDA's ScaledObject,
# the Prometheus Operator's ServiceMonitor and PrometheusRule, ECK's Elasticsearch, the MongoDB
# Community operator's MongoDBCommunity. Without them (offline, cold cache) those kinds are
# only checked by the policies.
CRD_MODULES=(
  "github.com/kedacore/keda/v2@v2.21.0:config/crd/bases/keda.sh_scaledobjects.yaml"
  "github.com/prometheus-operator/prometheus-operator@v0.85.0:example/prometheus-operator-crd/monitoring.coreos.com_servicemonitors.yaml"
  "github.com/prometheus-operator/prometheus-operator@v0.85.0:example/prometheus-operator-crd/monitoring.coreos.com_prometheusrules.yaml"
  "github.com/elastic/cloud-on-k8s/v3@v3.5.0:config/crds/v1/resources/elasticsearch.k8s.elastic.co_elasticsearches.yaml"
  "github.com/mongodb/mongodb-kubernetes-operator@v0.9.0:config/crd/bases/mongodbcommunity.mongodb.com_mongodbcommunity.yaml"
)
crd_files=()
for entry in "${CRD_MODULES[@]}"; do
  module="${entry%%:*}"
  dir="$(cd "$work" && go mod download -json "$module" 2>/dev/null | "$py" -c 'import json, sys; print(json.load(sys.stdin).get("Dir", ""))' || true)"
  if [[ -n "$dir" && -f "$dir/${entry#*:}" ]]; then
    crd_files+=("$dir/${entry#*:}")
  else
    warn "CRD ${entry#*:} of $module not available (offline?): its kind is checked by the policies only"
  fi
done
ok "${#crd_files[@]} of ${#CRD_MODULES[@]} CRDs: $(for f in "${crd_files[@]}"; do basename "$f" .yaml; done | paste -sd, -)"

# --- 1. Dockerfile -----------------------------------------------------------------------------
step "deploy/Dockerfile"
dockerfile="$root/deploy/Dockerfile"
# Deployables: the services of services/services.json, and web. Libraries (proto, the kit, the
# packages under services/lib/* and services/engines/*) and developer tools (scripts/*) are built
# into images but are no image of their own.
deployables="$(node -e 'for (const s of require(process.argv[1]).services) console.log(s.name); console.log("web")' "$root/services/services.json")"
services_csv="$(paste -sd, <<<"$deployables")"
# -runtime: the small-image rules (ADR 058): distroless/slim base, nothing run or installed in
# the shipped stages, only the service's production dependencies and compiled output, numeric
# non-root user, no architecture named anywhere (multi-arch ready).
if "$tools_bin/dockerfilecheck" -file "$dockerfile" -services "$services_csv" -targets dev -runtime runtime > "$work/docker.out" 2>&1; then
  while IFS= read -r line; do ok "BuildKit parser: $line"; done < "$work/docker.out"
else
  cat "$work/docker.out" >&2; bad "Dockerfile does not parse, a target does not resolve, or the shipped image breaks a rule"
fi
# The rules cannot pass vacuously: a runtime stage that installs packages, copies the full
# install and pins an architecture is rejected.
sed -e 's|^COPY --from=prod-deps --chown=root:root /app/ /app/$|RUN apt-get update \&\& apt-get install -y curl\nCOPY --from=deps /app/ /app/|' \
    -e 's|^FROM ${NODE_IMAGE} AS base$|FROM --platform=linux/amd64 ${NODE_IMAGE} AS base|' "$dockerfile" > "$work/Dockerfile.broken"
if "$tools_bin/dockerfilecheck" -file "$work/Dockerfile.broken" -services catalog -runtime runtime > "$work/docker-broken.out" 2>&1; then
  bad "dockerfilecheck accepts a runtime stage with RUN apt-get, COPY --from=deps and --platform=linux/amd64"
elif [[ "$(grep -cE 'runs nothing|COPY from deps|pins a platform' "$work/docker-broken.out")" == 3 ]]; then
  ok "dockerfilecheck rejects RUN in the runtime stage, COPY --from=deps, a pinned --platform"
else
  cat "$work/docker-broken.out" >&2; bad "dockerfilecheck: the broken Dockerfile failed for other reasons"
fi
# The image size, where an image builder is available (none on the CI machines: no Docker).
builder="$(command -v docker || command -v podman || true)"
if [[ -n "$builder" && "${DEPLOY_CHECK_BUILD:-1}" == 1 ]] && "$builder" info > /dev/null 2>&1; then
  for name in catalog web; do
    if (cd "$root" && "$builder" build -q -f deploy/Dockerfile --build-arg SERVICE="$name" -t "pricecompare-check/$name" .) > "$work/build-$name.out" 2>&1; then
      ok "image $name: $("$builder" image inspect -f '{{.Size}}' "pricecompare-check/$name" | awk '{ printf "%.0f MB", $1 / 1e6 }') ($(basename "$builder"))"
    else
      tail -n 20 "$work/build-$name.out" >&2; bad "image $name does not build"
    fi
  done
else
  ok "image size not measured: no image builder here (docker or podman; DEPLOY_CHECK_BUILD=0 skips it); the static rules above stand in"
fi
stages="$(grep -iE '^FROM[[:space:]]' "$dockerfile" | awk 'tolower($3) == "as" { print $4 }')"
workspaces="$(node -e 'for (const w of require(process.argv[1]).workspaces) console.log(w)' "$root/package.json")"
for s in base deps prod-deps build dev runtime; do
  grep -qx "$s" <<<"$stages" && ok "stage $s" || bad "stage $s missing"
done
for w in $workspaces; do
  grep -qE "^COPY ${w}/package.json ${w}/?\$" "$dockerfile" || bad "no COPY of $w/package.json in the deps stage"
  case "$w" in
    services/lib/*|services/engines/*)
      ! grep -qx "final-$(basename "$w")" <<<"$stages" || bad "final-$(basename "$w"): $w is a library package, not a deployable" ;;
  esac
done
for name in $deployables; do
  if grep -qx "final-$name" <<<"$stages"; then
    awk -v s="final-$name" 'tolower($1)=="from" && $4==s {f=1; next} tolower($1)=="from" {f=0} f && /^CMD \[/ {c=1} END {exit !c}' "$dockerfile" \
      && ok "final-$name with exec-form CMD" || bad "final-$name has no exec-form CMD"
  else
    bad "no stage final-$name"
  fi
done
tail -n 1 "$dockerfile" | grep -q '^FROM final-\${SERVICE}$' && ok 'default target FROM final-${SERVICE}' || bad 'last line is not FROM final-${SERVICE}'
grep -q '^USER 10001:10001$' "$dockerfile" && ok "non-root USER 10001" || bad "no USER 10001:10001"
grep -qE '^[[:space:]]*npm ci$' "$dockerfile" && grep -q 'npm ci --omit=dev' "$dockerfile" && ok "npm ci (all) and npm ci --omit=dev (runtime)" || bad "npm ci steps missing"
# The web image runs web/server.mjs: every local module it imports must be among the files copied.
web_copy="$(grep -oE 'cp -R web/package.json[^;]*' "$dockerfile" || true)"
missing=0
set -f # the copy list holds globs (web/*.cjs): split it into words without expanding them here
for module in $(grep -oE "from '\./[^']+'" "$root/web/server.mjs" | sed -E "s/from '\.\/(.*)'/\1/"); do
  copied=0
  for pattern in $web_copy; do
    # shellcheck disable=SC2053 # matched as a glob on purpose; a copied folder covers what is in it
    [[ "web/$module" == $pattern || "web/$module" == $pattern/* ]] && copied=1
  done
  [ "$copied" = 1 ] || { missing=1; bad "web/server.mjs imports ./$module, which the web image does not copy"; }
done
set +f
[ "$missing" = 0 ] && ok "the web image copies every local module web/server.mjs imports"
for p in '**/node_modules' '**/dist' 'proto/gen' 'web/build' '.git'; do
  grep -qxF "$p" "$root/.dockerignore" || bad ".dockerignore lacks $p"
done
ok ".dockerignore excludes node_modules, dist, generated protos, web build, .git"

# --- 2. Chart dependencies ---------------------------------------------------------------------
step "the chart runs no engines (ADR 058)"
chart="$root/charts/pricecompare"
# Kafka, MongoDB, Elasticsearch and Redis are external endpoints, run by their operators
# (deploy/operators/) or, for Tilt, by deploy/dev-engines.yaml: no subchart to fetch or render.
if grep -q '^dependencies:' "$chart/Chart.yaml" || compgen -G "$chart/charts/*" > /dev/null; then
  bad "Chart.yaml declares dependencies or charts/ holds subcharts"
else
  ok "no dependencies in Chart.yaml, no charts/"
fi

# --- 3/4. lint, template, validate ---------------------------------------------------------------
render() { # name, then helm args
  local name="$1"; shift
  local out="$work/$name.yaml"
  if "$helm" lint --strict "$chart" --kube-version "$KUBE_VERSION" "$@" > "$work/$name.lint" 2>&1; then
    ok "$name: helm lint --strict"
  else
    cat "$work/$name.lint" >&2; bad "$name: helm lint --strict"
  fi
  if "$helm" template pricecompare "$chart" --namespace pricecompare --kube-version "$KUBE_VERSION" "$@" > "$out" 2> "$work/$name.err"; then
    ok "$name: helm template ($(grep -c '^kind:' "$out") objects)"
  else
    cat "$work/$name.err" >&2; bad "$name: helm template"; return
  fi
  # CRD kinds (ServiceMonitor) have no bundled schema: kubernetes-validate warns and passes them.
  if "$kv" --strict --quiet -k "$KUBE_VERSION" "$out" > "$work/$name.kv" 2>&1; then
    ok "$name: kubernetes-validate --strict -k $KUBE_VERSION$(grep -q 'Couldn.t find schema' "$work/$name.kv" && echo ' (CRDs skipped)')"
  else
    cat "$work/$name.kv" >&2; bad "$name: kubernetes-validate"
  fi
  # Only the dev values (live_update writes into containers) may make the root FS writable.
  local fs=--read-only-root
  [[ "$name" == dev ]] && fs=
  # Production: every component autoscaled, consumers on their groups' lag too (ADR 058).
  local scaled=()
  [[ "$name" == production ]] && scaled=(--autoscaled "$chart/values.yaml")
  if "$py" "$root/scripts/deploy/policy.py" manifests "$out" --deployments "$deployments" $fs "${scaled[@]}" > "$work/$name.policy" 2>&1; then
    ok "$name: $(cat "$work/$name.policy")"
  else
    cat "$work/$name.policy" >&2; bad "$name: policy"
  fi
  if "$py" "$root/scripts/deploy/policy.py" crds "$out" "${crd_files[@]}" > "$work/$name.crds" 2>&1; then
    ok "$name: $(sed "s|$work/||" "$work/$name.crds")"
  else
    cat "$work/$name.crds" >&2; bad "$name: custom resources"
  fi
}
step "chart with default values"
render defaults
# Every values file of deploy/values (dev: writable root for live update; production: autoscaled).
for values in "$root"/deploy/values/*.yaml; do
  step "chart with deploy/values/$(basename "$values")"
  render "$(basename "$values" .yaml)" --values "$values"
done
[[ -f "$work/production.yaml" && -f "$work/dev.yaml" ]] || bad "deploy/values/dev.yaml and production.yaml must exist"
step "chart with every option (scripts/deploy/testdata/full-values.yaml)"
render full --values "$root/scripts/deploy/testdata/full-values.yaml"
# Dumps of the services' MongoDB databases (ADR 137): off by default; with every option, a
# CronJob dumps each service's database with mongodump --archive --gzip onto its claim.
if grep -q '^kind: CronJob' "$work/defaults.yaml"; then
  bad "defaults: a backup CronJob although backup.enabled is false"
else
  ok "defaults: no backup CronJob (backup.enabled is false)"
fi
if "$py" - "$work/full.yaml" "$root/services/services.json" > "$work/backup.out" 2>&1 <<'EOF'
import json, sys, yaml
docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
services = [s["name"] for s in json.load(open(sys.argv[2]))["services"]]
jobs = [d for d in docs if d["kind"] == "CronJob" and d["metadata"]["name"] == "pc-backup"]
claims = [d for d in docs if d["kind"] == "PersistentVolumeClaim" and d["metadata"]["name"] == "pc-backup"]
if len(jobs) != 1 or len(claims) != 1:
    sys.exit(f"want one CronJob and one PersistentVolumeClaim pc-backup, got {len(jobs)} and {len(claims)}")
pod = jobs[0]["spec"]["jobTemplate"]["spec"]["template"]["spec"]
container = pod["containers"][0]
env = {e["name"]: e.get("value") for e in container["env"]}
want = {f"staging_pricecompare_{s}" for s in services} | {"pricecompare_reports"}
have = set(env["DATABASES"].split())
script = "\n".join(container["args"])
problems = []
if want - have:
    problems.append(f"databases {sorted(want - have)} not dumped")
if have - want:
    problems.append(f"dumps {sorted(have - want)}, which no service owns")
if not all(part in script for part in ("mongodump", "--archive=", "--gzip")):
    problems.append("no mongodump --archive --gzip")
if env["KEEP"] != "14":
    problems.append(f"keeps {env['KEEP']} runs, not 14")
if pod["volumes"][0].get("persistentVolumeClaim", {}).get("claimName") != "pc-backup":
    problems.append("the dumps are not on the claim")
if jobs[0]["spec"].get("concurrencyPolicy") != "Forbid":
    problems.append("two runs may overlap")
if problems:
    sys.exit("; ".join(problems))
print(f"full: a backup CronJob dumps {len(have)} databases (mongodump --archive --gzip), keeps 14 runs")
EOF
then
  ok "$(cat "$work/backup.out")"
else
  cat "$work/backup.out" >&2; bad "full: the backup CronJob"
fi
# The policy fails a production rendering that lost an autoscaler or a lag trigger.
expect_policy_failure() { # description, pattern the report must contain, helm args
  local what="$1" pattern="$2"; shift 2
  "$helm" template pricecompare "$chart" --kube-version "$KUBE_VERSION" --values "$root/deploy/values/production.yaml" "$@" > "$work/broken.yaml"
  if "$py" "$root/scripts/deploy/policy.py" manifests "$work/broken.yaml" --autoscaled "$chart/values.yaml" > "$work/broken.out" 2>&1; then
    bad "policy accepts production $what"
  elif grep -q -- "$pattern" "$work/broken.out"; then
    ok "policy rejects production $what"
  else
    cat "$work/broken.out" >&2; bad "production $what: rejected for another reason"
  fi
}
expect_policy_failure "with the web not autoscaled" "Deployment web: 0 autoscalers" --set components.web.autoscaling.enabled=false
expect_policy_failure "without KEDA (consumers on CPU only)" "consumes \['catalog'\] but has an HPA" --set keda.enabled=false
expect_policy_failure "with one replica at the low end" "autoscaled down to 1 replica" --set components.crawler.autoscaling.minReplicas=1
expect_policy_failure "with a consumer group left out" "no lag trigger for its consumer group offers-owner-notices" --set-json 'components.offers.autoscaling.consumerLag.groups=["offers"]'
# Egress per service (ADR 064): a service given an endpoint it does not use is refused.
expect_policy_failure "with Stripe egress for catalog" "catalog reaches port 443" --set-json 'identity.networkPolicies.egress.catalog=["kafka","mongodb","telemetry","stripe"]'
expect_policy_failure "with Redis egress for search" "search reaches port 6379" --set-json 'identity.networkPolicies.egress.search=["kafka","mongodb","elasticsearch","redis"]'
expect_policy_failure "without Stripe egress for billing" "billing cannot reach port 443" --set-json 'identity.networkPolicies.egress.billing=["kafka","mongodb","telemetry"]'
# Peers dial the headless Service of each service's pods (ADR 072): a ClusterIP name is refused.
expect_policy_failure "with a peer dialled through its ClusterIP Service" "CATALOG_GRPC_ADDR: catalog:50051 is not a headless Service" --set components.web.env.CATALOG_GRPC_ADDR=catalog:50051
# The groups the chart scales on are the groups the services join (a renamed group would leave
# its lag unwatched): each is a string literal in its service's sources.
groups_ok=1
while IFS=' ' read -r component group; do
  grep -rqF --include='*.ts' --exclude='*.test.ts' "'$group'" "$root/services/$component/src" \
    || { groups_ok=0; bad "components.$component.autoscaling.consumerLag.groups names $group, not a group services/$component joins"; }
done < <("$py" -c 'import sys, yaml
for name, c in yaml.safe_load(open(sys.argv[1]))["components"].items():
    for g in ((c.get("autoscaling") or {}).get("consumerLag") or {}).get("groups", []):
        print(name, g)' "$chart/values.yaml")
[ "$groups_ok" = 1 ] && ok "every consumer group of values.yaml is one its service joins"
# Events survive a broker: topics with three replicas, two in sync, except on dev's one broker.
for expected in defaults:3:2 dev:1:1; do
  IFS=: read -r name replicas in_sync <<< "$expected"
  if grep -q "KAFKA_REPLICATION_FACTOR: \"$replicas\"" "$work/$name.yaml" \
    && grep -q "KAFKA_MIN_INSYNC_REPLICAS: \"$in_sync\"" "$work/$name.yaml"; then
    ok "$name: Kafka topics with $replicas replicas, $in_sync in sync"
  else
    bad "$name: the services' config must set KAFKA_REPLICATION_FACTOR=$replicas, KAFKA_MIN_INSYNC_REPLICAS=$in_sync"
  fi
done

# --- 4b. engines ---------------------------------------------------------------------------------
step "engines: deploy/operators/ (production examples), deploy/dev-engines.yaml (Tilt)"
for manifests in "$root"/deploy/operators/*.yaml "$root/deploy/dev-engines.yaml"; do
  file="${manifests#"$root/"}"
  if "$kv" --strict --quiet -k "$KUBE_VERSION" "$manifests" > "$work/engines.kv" 2>&1; then
    ok "$file: kubernetes-validate --strict$(grep -q 'Couldn.t find schema' "$work/engines.kv" && echo ' (custom kinds below)')"
  else
    cat "$work/engines.kv" >&2; bad "$file: kubernetes-validate"
  fi
  if "$py" "$root/scripts/deploy/policy.py" crds "$manifests" "${crd_files[@]}" > "$work/engines.crds" 2>&1; then
    ok "$(sed "s|^policy: $root/||" "$work/engines.crds")"
  else
    cat "$work/engines.crds" >&2; bad "$file: custom resources"
  fi
done
if "$py" "$root/scripts/deploy/policy.py" operators "$root/deploy/operators" "$root/deploy/values/production.yaml" > "$work/operators.out" 2>&1; then
  ok "$(sed "s|$root/||" "$work/operators.out")"
else
  cat "$work/operators.out" >&2; bad "operator examples"
fi
# ... and the policy rejects examples that would lose events or run Kafka 4.
cp -R "$root/deploy/operators" "$work/operators-broken"
sed -i -e 's/^  replicas: 3$/  replicas: 1/' -e 's/^    version: 3.9.1$/    version: 4.0.0/' -e 's/^      min.insync.replicas: 2$/      min.insync.replicas: 1/' "$work/operators-broken/kafka-strimzi.yaml"
if "$py" "$root/scripts/deploy/policy.py" operators "$work/operators-broken" "$root/deploy/values/production.yaml" > "$work/operators-broken.out" 2>&1; then
  bad "policy accepts a one-broker Kafka 4.0 with min.insync.replicas 1"
elif [[ "$(grep -cE 'kafkajs needs Kafka 3.9|3 replicas, 2 in sync|want 3 of each' "$work/operators-broken.out")" == 3 ]]; then
  ok "policy rejects a one-broker Kafka 4.0 with min.insync.replicas 1"
else
  cat "$work/operators-broken.out" >&2; bad "operator examples policy: the broken examples failed for other reasons"
fi
# The dev values reach exactly the Services of deploy/dev-engines.yaml.
if "$py" - "$root/deploy/values/dev.yaml" "$root/deploy/dev-engines.yaml" > "$work/dev-engines.out" 2>&1 <<'EOF'
import sys, yaml
from urllib.parse import urlsplit
values = yaml.safe_load(open(sys.argv[1]))
services = {(d["metadata"]["name"], p["port"]) for d in yaml.safe_load_all(open(sys.argv[2])) if d and d["kind"] == "Service" for p in d["spec"]["ports"]}
ext = {k: values[k]["external"] for k in ("kafka", "mongodb", "elasticsearch", "redis")}
targets = [tuple(b.split(":")) for b in ext["kafka"]["brokers"].split(",")]
targets += [(urlsplit(u).hostname, urlsplit(u).port) for u in (ext["mongodb"]["uri"], ext["elasticsearch"]["url"], ext["redis"]["url"])]
missing = [f"{h}:{p}" for h, p in targets if (h, int(p)) not in services]
print(f"dev values reach {len(targets)} engine Services of deploy/dev-engines.yaml" if not missing else f"no Service for {missing}")
sys.exit(1 if missing else 0)
EOF
then
  ok "$(cat "$work/dev-engines.out")"
else
  cat "$work/dev-engines.out" >&2; bad "dev values and deploy/dev-engines.yaml disagree"
fi

# --- 5. expected failures ------------------------------------------------------------------------
step "values.schema.json rejects typos; render-time checks fail fast"
expect_failure() { # description, pattern the error must contain, helm args
  local what="$1" pattern="$2"; shift 2
  if "$helm" template pricecompare "$chart" --kube-version "$KUBE_VERSION" "$@" > /dev/null 2> "$work/expected.err"; then
    bad "$what: accepted"
  elif grep -q -- "$pattern" "$work/expected.err"; then
    ok "$what: rejected"
  else
    cat "$work/expected.err" >&2; bad "$what: failed for another reason"
  fi
}
expect_failure "top-level typo (imagee.tag)" "additional properties 'imagee' not allowed" --set imagee.tag=x
expect_failure "component typo (components.catalog.replcias)" "additional properties 'replcias' not allowed" --set components.catalog.replcias=3
expect_failure "defaults typo (defaults.resource)" "additional properties 'resource' not allowed" --set-json 'defaults.resource={}'
expect_failure "misspelt component (components.catalgo)" "missing property 'kind'" --set components.catalgo.replicas=1
expect_failure "infra typo (kafka.external.broker)" "additional properties 'broker' not allowed" --set kafka.external.broker=x
expect_failure "an engine as a subchart (kafka.enabled, removed)" "additional properties 'enabled' not allowed" --set kafka.enabled=true
expect_failure "wrong type (runtime.grpcPort=abc)" "runtime/grpcPort" --set runtime.grpcPort=abc
expect_failure "unknown adapter (adapters.cache=memcached)" "adapters/cache" --set adapters.cache=memcached
expect_failure "no endpoint and no credentials Secret" "adapters need KAFKA_BROKERS" --set credentials.existingSecret=
expect_failure "web calls a disabled service" "not an enabled grpc component" --set components.billing.enabled=false
expect_failure "a country listed twice (countryHosts)" "country \"ch\" listed twice" --set-json 'countryHosts=[{"country":"ch","host":"a.example.ch"},{"country":"ch","host":"b.example.ch"}]'
expect_failure "a country host that is no host name" "countryHosts/0/host" --set-json 'countryHosts=[{"country":"ch","host":"https://www.example.ch"}]'
expect_failure "COUNTRY_HOSTS set by hand beside countryHosts" "set countryHosts instead" --set-json 'countryHosts=[{"country":"ch","host":"www.example.ch"}]' --set components.web.env.COUNTRY_HOSTS=x
expect_failure "backup typo (backup.keeep)" "additional properties 'keeep' not allowed" --set backup.keeep=3
expect_failure "backup keeping no dump (backup.keep=0)" "backup/keep" --set backup.keep=0
expect_failure "backup of the embedded document store" "backup.enabled needs adapters.documentStore=mongodb" --set backup.enabled=true --set adapters.documentStore=embedded
# The typo'd key from a values file (the way people actually make them).
printf 'components:\n  search:\n    resources:\n      limit:\n        memory: 1Gi\n' > "$work/typo.yaml"
expect_failure "nested typo in a values file (resources.limit)" "additional properties 'limit' not allowed" --values "$work/typo.yaml"

# --- 6. Tiltfile ---------------------------------------------------------------------------------
step "Tiltfile (Starlark against stubs of Tilt's API)"
# The identity Secret's manifest is made for real (keys into a scratch folder, twice: the same
# keys the second time, as on a second `tilt up`).
identity_secret() {
  (cd "$root" && PC_TILT_IDENTITY_DIR="$work/tilt-identity" node scripts/platform/identity-keys.mjs --secret pricecompare-identity "$work/tilt-identity")
}
if (cd "$root" && PC_TILT_IDENTITY_DIR="$work/tilt-identity" "$tools_bin/tiltcheck" -tiltfile Tiltfile -helm "$helm" -kube-version "$KUBE_VERSION" \
      -run-local 'node scripts/platform/identity-keys.mjs') > "$work/tilt.out" 2>&1; then
  ok "$(cat "$work/tilt.out")"
else
  cat "$work/tilt.out" >&2; bad "tiltcheck"
fi
if [[ "$(identity_secret | sha256sum)" == "$(identity_secret | sha256sum)" ]] \
  && identity_secret | "$py" -c 'import json, sys, yaml
secret = json.load(sys.stdin)
chart = yaml.safe_load(open(sys.argv[1]))
components = {name for name, c in chart["components"].items() if c.get("enabled", True)}
missing = sorted(f"{c}.jwk" for c in components if f"{c}.jwk" not in secret["data"]) + ([] if "trust.jwks" in secret["data"] else ["trust.jwks"])
extra = sorted(k for k in secret["data"] if k.endswith(".jwk") and k[:-4] not in components)
sys.exit(f"missing {missing}, private keys no pod needs {extra}" if missing or extra else 0)' "$chart/values.yaml"; then
  ok "the Tiltfile's identity Secret: a key per component and the trust file, the same on every run"
else
  bad "the Tiltfile's identity Secret (scripts/platform/identity-keys.mjs --secret)"
fi

# --- 7. observability configs --------------------------------------------------------------------
step "alert rules and runbooks, deploy/otel-collector.yaml"
# The plain rules file is the chart's PrometheusRule with the default values (render-rules.sh).
if HELM="$helm" "$root/scripts/deploy/render-rules.sh" "$work/rules-from-chart.yaml" 2> "$work/rules-render.err" \
    && diff -u "$root/deploy/prometheus-rules.yaml" "$work/rules-from-chart.yaml" > "$work/rules.diff"; then
  ok "deploy/prometheus-rules.yaml is the chart's rendering (scripts/deploy/render-rules.sh)"
else
  cat "$work/rules-render.err" "$work/rules.diff" >&2; bad "deploy/prometheus-rules.yaml differs from the chart's rules: run scripts/deploy/render-rules.sh"
fi
# The PrometheusRule of the full values (name prefix, other components) parses too.
"$py" -c 'import sys, yaml; print(yaml.safe_dump({"groups": [g for d in yaml.safe_load_all(open(sys.argv[1])) if d and d.get("kind") == "PrometheusRule" for g in d["spec"]["groups"]]}))' \
  "$work/full.yaml" > "$work/full-rules.yaml"
for rules in "$root/deploy/prometheus-rules.yaml" "$work/full-rules.yaml"; do
  if "$tools_bin/rulecheck" "$rules" > "$work/rules.out" 2>&1; then
    ok "$(sed "s|$work/||" "$work/rules.out")"
  else
    cat "$work/rules.out" >&2; bad "prometheus rules ($rules)"
  fi
done
# Every alert links its runbook, and the runbook exists with its sections: in the plain file and
# in the PrometheusRule of the full values (another runbook base, a name prefix).
runbooks="$root/docs/runbooks"
full_base="$("$py" -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))["telemetry"]["runbookBaseUrl"])' "$root/scripts/deploy/testdata/full-values.yaml")"
for target in "$root/deploy/prometheus-rules.yaml|docs/runbooks" "$work/full.yaml|$full_base"; do
  if "$py" "$root/scripts/deploy/policy.py" rules "${target%%|*}" "$runbooks" --base "${target#*|}" > "$work/runbooks.out" 2>&1; then
    ok "$(cat "$work/runbooks.out")"
  else
    cat "$work/runbooks.out" >&2; bad "an alert without its runbook (docs/runbooks/<alert>.md)"
  fi
done
if "$py" "$root/scripts/deploy/policy.py" otel "$root/deploy/otel-collector.yaml" > "$work/otel.out" 2>&1; then
  ok "$(cat "$work/otel.out")"
else
  cat "$work/otel.out" >&2; bad "otel collector config"
fi

# --- 8. lock file usable by npm ci (warning) ---------------------------------------------------------
step "package-lock.json usable by npm ci (the Dockerfile's deps stage)"
mkdir -p "$work/npm"
(cd "$root" && for f in package.json package-lock.json .npmrc $(for w in $workspaces; do echo "$w/package.json"; done); do
  mkdir -p "$work/npm/$(dirname "$f")"; cp "$f" "$work/npm/$f"; done)
if (cd "$work/npm" && npm ci --dry-run --offline --ignore-scripts --no-audit --no-fund > "$work/npm.out" 2>&1); then
  ok "npm ci accepts the lock file"
elif grep -q 'in sync' "$work/npm.out"; then
  warn "npm ci rejects package-lock.json (not in sync with the manifests): docker builds will fail at 'npm ci'"
  grep -m 5 'Missing:' "$work/npm.out" | sed 's/^/         /' >&2 || true
  warn "regenerate it where the registry serves every platform's optional packages: npm install --package-lock-only"
  [[ "${STRICT_LOCKFILE:-0}" == 1 ]] && bad "lock file (STRICT_LOCKFILE=1)"
else
  warn "npm ci --dry-run --offline could not decide (no cached metadata?); see below"
  tail -n 5 "$work/npm.out" >&2
fi

printf '\n== %s in %ss\n' "$([[ $failures == 0 ]] && echo "all checks passed" || echo "$failures check(s) FAILED")" "$((SECONDS - started))"
[[ $failures == 0 ]]
