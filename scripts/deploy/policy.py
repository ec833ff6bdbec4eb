#!/usr/bin/env python3
"""Checks of rendered manifests and config files that schemas cannot express.

  policy.py manifests FILE [--deployments N] [--read-only-root] [--autoscaled VALUES]
                                                hardened defaults of every Deployment we render,
                                                each service's egress only to what it uses;
                                                --autoscaled: each one has an HPA or a KEDA
                                                ScaledObject, and each consumer of VALUES
                                                (autoscaling.consumerLag.groups) a lag trigger
                                                per group (ADR 058)
  policy.py crds FILE CRD_FILE...               custom resources in FILE valid against the
                                                openAPIV3Schema of their CRD (unknown fields
                                                rejected); kinds without a CRD given are listed
  policy.py operators DIR VALUES                the engines' operator examples (deploy/operators):
                                                kinds, three nodes over zones, Kafka 3.9 with
                                                3 replicas / 2 in sync, the endpoints VALUES names
  policy.py otel FILE                           OTel collector config: pipelines reference defined parts
  policy.py rules FILE RUNBOOK_DIR [--base URL]  every alert (plain rules or PrometheusRules) has
                                                its runbook_url and docs/runbooks/<alert>.md

Run by scripts/deploy/check.sh with the venv's Python (PyYAML comes with kubernetes-validate).
"""
import sys

import yaml

GRPC_PORT = 50051


def manifests(path, expected_deployments=None, read_only_root=False, autoscaled_values=None):
    problems = []
    docs = [d for d in yaml.safe_load_all(open(path)) if d]
    ours = [d for d in docs if d["metadata"].get("labels", {}).get("app.kubernetes.io/part-of") == "pricecompare"]
    all_deployments = [d for d in ours if d["kind"] == "Deployment"]
    exporters = [d for d in all_deployments if d["metadata"]["labels"].get("app.kubernetes.io/component") == "metrics-exporter"]
    deployments = [d for d in all_deployments if d not in exporters]
    if expected_deployments is not None and len(deployments) != expected_deployments:
        problems.append(f"expected {expected_deployments} Deployments, rendered {len(deployments)}")
    problems += availability(ours, deployments)
    problems += country_hosts(ours)
    problems += egress_policies(ours)
    problems += per_pod_addresses(ours, deployments)
    problems += exporters_hardened(exporters)
    if autoscaled_values is not None:
        problems += autoscaled(ours, deployments, consumer_groups(autoscaled_values))
    services = {d["metadata"]["name"] for d in ours if d["kind"] == "Service"}
    accounts = {d["metadata"]["name"] for d in ours if d["kind"] == "ServiceAccount"}
    configmaps = {d["metadata"]["name"]: d for d in ours if d["kind"] == "ConfigMap"}

    for d in deployments:
        name = d["metadata"]["name"]
        kind = d["metadata"]["labels"].get("app.kubernetes.io/component")
        pod = d["spec"]["template"]["spec"]
        where = f"Deployment {name}"
        if name not in services:
            problems.append(f"{where}: no Service")
        if pod.get("serviceAccountName") not in accounts:
            problems.append(f"{where}: ServiceAccount {pod.get('serviceAccountName')} not rendered")
        if pod.get("automountServiceAccountToken") is not False:
            problems.append(f"{where}: service account token mounted")
        psc = pod.get("securityContext", {})
        if not psc.get("runAsNonRoot") or psc.get("seccompProfile", {}).get("type") != "RuntimeDefault":
            problems.append(f"{where}: pod securityContext not hardened")
        for c in pod["containers"]:
            sc = c.get("securityContext", {})
            cw = f"{where} container {c['name']}"
            if sc.get("allowPrivilegeEscalation") is not False:
                problems.append(f"{cw}: allowPrivilegeEscalation not false")
            if "ALL" not in sc.get("capabilities", {}).get("drop", []):
                problems.append(f"{cw}: capabilities not dropped")
            if read_only_root and sc.get("readOnlyRootFilesystem") is not True:
                problems.append(f"{cw}: root filesystem not read-only")
            if not sc.get("runAsNonRoot") or sc.get("runAsUser") != 10001:
                problems.append(f"{cw}: not running as uid 10001")
            res = c.get("resources", {})
            if not res.get("requests", {}).get("memory") or not res.get("limits", {}).get("memory"):
                problems.append(f"{cw}: memory request/limit missing")
            for probe in ("startupProbe", "livenessProbe", "readinessProbe"):
                if probe not in c:
                    problems.append(f"{cw}: {probe} missing")
            env = {e["name"]: e.get("value") for e in c.get("env", [])}
            if kind == "grpc":
                if c.get("livenessProbe", {}).get("grpc", {}).get("port") != GRPC_PORT:
                    problems.append(f"{cw}: liveness is not a gRPC probe on {GRPC_PORT}")
                if c.get("startupProbe", {}).get("grpc", {}).get("port") != GRPC_PORT:
                    problems.append(f"{cw}: startup is not a gRPC probe on {GRPC_PORT}")
                if c.get("readinessProbe", {}).get("httpGet", {}).get("path") != "/readyz":
                    problems.append(f"{cw}: readiness is not GET /readyz")
                for var, want in (("GRPC_HOST", "0.0.0.0"), ("GRPC_PORT", "50051"), ("OPS_PORT", "9464"), ("DATA_DIR", "/tmp/data")):
                    if env.get(var) != want:
                        problems.append(f"{cw}: {var}={env.get(var)!r}, want {want!r}")
                refs = [s["configMapRef"]["name"] for s in c.get("envFrom", []) if "configMapRef" in s]
                if not refs or refs[0] not in configmaps:
                    problems.append(f"{cw}: shared ConfigMap not loaded")
                else:
                    data = configmaps[refs[0]]["data"]
                    self_var = d["metadata"]["labels"]["app.kubernetes.io/name"].upper().replace("-", "_") + "_GRPC_ADDR"
                    if not any(k.endswith("_GRPC_ADDR") for k in data) or self_var not in data:
                        problems.append(f"{cw}: peer addresses missing from the shared ConfigMap")
                mounts = {m["mountPath"] for m in c.get("volumeMounts", [])}
                if "/tmp/data" not in mounts:
                    problems.append(f"{cw}: no volume at DATA_DIR")
            elif kind == "web":
                if env.get("PORT") != "3000":
                    problems.append(f"{cw}: PORT={env.get('PORT')!r}")
                if c.get("readinessProbe", {}).get("httpGet", {}).get("path") != "/healthz":
                    problems.append(f"{cw}: readiness is not GET /healthz")
            else:
                problems.append(f"{where}: unknown component kind {kind!r}")
        tgps = pod.get("terminationGracePeriodSeconds", 30)
        if kind == "grpc":
            env = {e["name"]: e.get("value") for e in pod["containers"][0].get("env", [])}
            budget = (int(env.get("SHUTDOWN_DRAIN_MS", 0)) + int(env.get("SHUTDOWN_GRACE_MS", 0))) / 1000
            if tgps <= budget:
                problems.append(f"{where}: terminationGracePeriodSeconds {tgps} <= drain+grace {budget}s")
    extra = f" + {len(exporters)} exporter" if exporters else ""
    counts = ", ".join(
        f"{sum(1 for d in ours if d['kind'] == kind)} {label}"
        for kind, label in (("HorizontalPodAutoscaler", "HPA"), ("ScaledObject", "ScaledObject"), ("PodDisruptionBudget", "PDB"))
    )
    return problems, f"{len(deployments)} Deployments{extra}, {counts}, {len(ours)} objects"


# Who may reach a port outside the cluster's services (docs/security.md, ADR 064): the internet
# only through the crawler's SSRF guard, notifications' web push and offers' ECB rates job (ADR
# 112), Stripe only from billing, Elasticsearch only from search, Redis only from the services
# with caches.
EGRESS_ONLY = {
    80: {"crawler"},
    443: {"billing", "crawler", "notifications", "offers"},
    9200: {"search"},
    6379: {"accounts", "affiliates", "crawler", "notifications"},
}
# What those services cannot work without, whatever the adapters.
EGRESS_NEEDED = {"billing": {443}, "crawler": {80, 443}, "notifications": {443}}


def egress_policies(ours):
    """Each service's NetworkPolicy reaches only the engines and endpoints it uses (ADR 064)."""
    problems = []
    for policy in (d for d in ours if d["kind"] == "NetworkPolicy"):
        service = policy["spec"]["podSelector"]["matchLabels"]["app.kubernetes.io/name"]
        ports = {p.get("port") for rule in policy["spec"].get("egress") or [] for p in rule.get("ports") or []}
        for port, allowed in EGRESS_ONLY.items():
            if port in ports and service not in allowed:
                problems.append(f"NetworkPolicy {policy['metadata']['name']}: {service} reaches port {port} (only {', '.join(sorted(allowed))} may)")
        for port in sorted(EGRESS_NEEDED.get(service, set()) - ports):
            problems.append(f"NetworkPolicy {policy['metadata']['name']}: {service} cannot reach port {port}")
    return problems


def per_pod_addresses(ours, deployments):
    """gRPC peers and the ops overview dial a headless Service of each gRPC Deployment's pods, so
    calls spread over every replica and replicas are counted one by one; Prometheus scrapes each
    pod once, through the ClusterIP Service (ADR 072)."""
    problems = []
    services = {d["metadata"]["name"]: d for d in ours if d["kind"] == "Service"}
    headless = {name for name, d in services.items() if d["spec"].get("clusterIP") == "None"}
    for d in deployments:
        if d["metadata"]["labels"].get("app.kubernetes.io/component") != "grpc":
            continue
        name = f"{d['metadata']['name']}-pods"
        pod_labels = d["spec"]["template"]["metadata"]["labels"]
        if name not in headless:
            problems.append(f"Deployment {d['metadata']['name']}: no headless Service {name}")
        elif not selects({"matchLabels": services[name]["spec"].get("selector", {})}, pod_labels):
            problems.append(f"Service {name}: does not select the pods of {d['metadata']['name']}")
    dialled = []
    for d in ours:
        if d["kind"] == "ConfigMap":
            dialled += [(f"ConfigMap {d['metadata']['name']} {k}", v) for k, v in (d.get("data") or {}).items() if k.endswith("_GRPC_ADDR")]
        if d["kind"] == "Deployment":
            for c in d["spec"]["template"]["spec"]["containers"]:
                for e in c.get("env", []):
                    if e["name"].endswith("_GRPC_ADDR"):
                        dialled.append((f"Deployment {d['metadata']['name']} {e['name']}", e.get("value", "")))
                    if e["name"] == "OPS_URLS":
                        for entry in (e.get("value") or "").split(","):
                            url = entry.partition("=")[2]
                            dialled.append((f"Deployment {d['metadata']['name']} OPS_URLS", url.split("//")[-1]))
    for where, address in dialled:
        host = address.rsplit(":", 1)[0]
        if host not in headless:
            problems.append(f"{where}: {address} is not a headless Service (calls would stick to one pod)")
    for monitor in (d for d in ours if d["kind"] == "ServiceMonitor"):
        for name in headless:
            labels = services[name]["metadata"].get("labels", {})
            selector = monitor["spec"]["selector"]
            excluded = any(
                e.get("operator") == "DoesNotExist" and e.get("key") in labels for e in selector.get("matchExpressions", [])
            )
            if selects(selector, labels) and not excluded:
                problems.append(f"ServiceMonitor {monitor['metadata']['name']}: also scrapes headless Service {name}")
    return problems


def selects(selector, labels):
    return all(labels.get(k) == v for k, v in (selector or {}).get("matchLabels", {}).items())


def availability(ours, deployments):
    """More than one replica (or an HPA): a PDB selects the pods, and they spread over nodes and zones."""
    problems = []
    pdbs = [d for d in ours if d["kind"] == "PodDisruptionBudget"]
    for d in deployments:
        name = d["metadata"]["name"]
        replicas = min_replicas(ours, d)
        if replicas <= 1:
            continue
        pod_labels = d["spec"]["template"]["metadata"]["labels"]
        if not any(selects(p["spec"].get("selector"), pod_labels) for p in pdbs):
            problems.append(f"Deployment {name}: {replicas} replicas and no PodDisruptionBudget")
        keys = {c.get("topologyKey") for c in d["spec"]["template"]["spec"].get("topologySpreadConstraints", [])}
        for key in ("kubernetes.io/hostname", "topology.kubernetes.io/zone"):
            if key not in keys:
                problems.append(f"Deployment {name}: {replicas} replicas, no topology spread over {key}")
    return problems


def autoscalers(ours, name):
    """The HPAs and KEDA ScaledObjects that scale Deployment `name`."""
    return [
        d
        for d in ours
        if d["kind"] in ("HorizontalPodAutoscaler", "ScaledObject") and d["spec"]["scaleTargetRef"]["name"] == name
    ]


def min_replicas(ours, deployment):
    for a in autoscalers(ours, deployment["metadata"]["name"]):
        if a["kind"] == "ScaledObject":
            return a["spec"].get("minReplicaCount", 0)
        return a["spec"].get("minReplicas", 1)
    return deployment["spec"].get("replicas", 1)


def consumer_groups(values_path):
    """Component name → the consumer groups values.yaml lists for it."""
    components = yaml.safe_load(open(values_path)).get("components", {})
    return {
        name: ((c.get("autoscaling") or {}).get("consumerLag") or {}).get("groups", [])
        for name, c in components.items()
        if ((c.get("autoscaling") or {}).get("consumerLag") or {}).get("groups")
    }


def autoscaled(ours, deployments, consumers):
    """Every Deployment has one autoscaler with at least two replicas and scales on CPU; a consumer
    has a ScaledObject with a lag trigger per consumer group; the Deployment leaves replicas to it."""
    problems = []
    for d in deployments:
        name = d["metadata"]["name"]
        component = d["metadata"]["labels"]["app.kubernetes.io/name"]
        where = f"Deployment {name}"
        found = autoscalers(ours, name)
        if len(found) != 1:
            problems.append(f"{where}: {len(found)} autoscalers (HPA or ScaledObject), want exactly 1")
            continue
        a = found[0]
        if "replicas" in d["spec"]:
            problems.append(f"{where}: sets replicas beside its {a['kind']} (every upgrade would reset the scale)")
        if min_replicas(ours, d) < 2:
            problems.append(f"{where}: autoscaled down to {min_replicas(ours, d)} replica(s), want at least 2")
        if a["kind"] == "HorizontalPodAutoscaler":
            if component in consumers:
                problems.append(f"{where}: consumes {consumers[component]} but has an HPA, not a ScaledObject with lag triggers")
            metrics = [m.get("resource", {}).get("name") for m in a["spec"].get("metrics", []) if m["type"] == "Resource"]
            if "cpu" not in metrics:
                problems.append(f"{where}: its HPA does not scale on CPU")
            continue
        triggers = a["spec"].get("triggers", [])
        if not any(t["type"] == "cpu" for t in triggers):
            problems.append(f"{where}: its ScaledObject does not scale on CPU")
        lag = {t["metadata"].get("consumerGroup") for t in triggers if t["type"] == "kafka"}
        for group in consumers.get(component, []):
            if not any(g == group or g.endswith("." + group) for g in lag):
                problems.append(f"{where}: no lag trigger for its consumer group {group}")
        for t in triggers:
            if t["type"] == "kafka" and not (t["metadata"].get("bootstrapServersFromEnv") or t["metadata"].get("bootstrapServers")):
                problems.append(f"{where}: lag trigger without brokers")
    return problems


def country_hosts(ours):
    """The web's COUNTRY_HOSTS and its Ingress hosts come from one list: each country host is routed."""
    problems = []
    for d in ours:
        if d["kind"] != "Deployment" or d["metadata"]["labels"].get("app.kubernetes.io/component") != "web":
            continue
        env = {e["name"]: e.get("value") for e in d["spec"]["template"]["spec"]["containers"][0].get("env", [])}
        hosts = [pair.split("=", 1)[1] for pair in (env.get("COUNTRY_HOSTS") or "").split(",") if "=" in pair]
        ingresses = [i for i in ours if i["kind"] == "Ingress" and i["metadata"]["name"] == d["metadata"]["name"]]
        routed = {r.get("host") for i in ingresses for r in i["spec"].get("rules", [])}
        for host in hosts:
            if ingresses and host not in routed:
                problems.append(f"Deployment {d['metadata']['name']}: COUNTRY_HOSTS names {host}, which its Ingress does not route")
    return problems


def exporters_hardened(exporters):
    problems = []
    for d in exporters:
        pod = d["spec"]["template"]["spec"]
        for c in pod["containers"]:
            sc = c.get("securityContext", {})
            where = f"Deployment {d['metadata']['name']} container {c['name']}"
            if not sc.get("runAsNonRoot") or sc.get("allowPrivilegeEscalation") is not False or sc.get("readOnlyRootFilesystem") is not True:
                problems.append(f"{where}: not hardened (non-root, no privilege escalation, read-only root)")
            if "ALL" not in sc.get("capabilities", {}).get("drop", []):
                problems.append(f"{where}: capabilities not dropped")
            if not c.get("resources", {}).get("limits", {}).get("memory"):
                problems.append(f"{where}: no memory limit")
    return problems


REQUIRED_SECTIONS = ("## What it means", "## Confirm", "## Fix")


def rules(path, runbooks, base=None):
    """Every alert has a runbook_url <base>/<alert>.md, and docs/runbooks/<alert>.md exists with its sections.

    `path` is a plain rules file or rendered manifests holding PrometheusRules."""
    import os
    problems = []
    groups = []
    for doc in yaml.safe_load_all(open(path)):
        if not doc:
            continue
        if doc.get("kind") == "PrometheusRule":
            groups += doc["spec"]["groups"]
        elif "groups" in doc:
            groups += doc["groups"]
    alerts = [r for g in groups for r in g.get("rules", []) if "alert" in r]
    if not alerts:
        problems.append(f"{path}: no alerts")
    for r in alerts:
        name = r["alert"]
        url = (r.get("annotations") or {}).get("runbook_url", "")
        if not url.endswith(f"/{name}.md") or (base is not None and url != f"{base.rstrip('/')}/{name}.md"):
            problems.append(f"{name}: runbook_url {url!r} is not <runbookBaseUrl>/{name}.md")
        doc = os.path.join(runbooks, f"{name}.md")
        if not os.path.exists(doc):
            problems.append(f"{name}: no runbook {doc}")
            continue
        text = open(doc).read()
        for section in REQUIRED_SECTIONS:
            if section not in text:
                problems.append(f"{doc}: no section '{section}'")
    return problems, f"{len(alerts)} alerts, each with its runbook"


def strict(schema):
    """An openAPIV3Schema as the API server applies it, plus: unknown fields are errors (the
    server would prune them silently), except where the CRD preserves them."""
    if not isinstance(schema, dict):
        return schema
    out = {k: strict(v) if isinstance(v, dict) else [strict(i) for i in v] if isinstance(v, list) else v for k, v in schema.items()}
    if "properties" in schema:
        out["properties"] = {k: strict(v) for k, v in schema["properties"].items()}
        if not schema.get("x-kubernetes-preserve-unknown-fields") and "additionalProperties" not in schema:
            out["additionalProperties"] = False
    return out


def crds(path, crd_files):
    """Validates every custom resource of `path` whose CRD is among `crd_files`."""
    import jsonschema

    schemas = {}
    for crd_file in crd_files:
        for crd in yaml.safe_load_all(open(crd_file)):
            if not crd or crd.get("kind") != "CustomResourceDefinition":
                continue
            group, kind = crd["spec"]["group"], crd["spec"]["names"]["kind"]
            for version in crd["spec"]["versions"]:
                if version.get("served", True) and "schema" in version:
                    schemas[(f"{group}/{version['name']}", kind)] = strict(version["schema"]["openAPIV3Schema"])
    problems, checked, unknown = [], 0, set()
    for doc in yaml.safe_load_all(open(path)):
        group = (doc or {}).get("apiVersion", "").rpartition("/")[0]
        if "." not in group or group.endswith(".k8s.io"):
            continue  # Kubernetes' own kinds: kubernetes-validate checks them
        key = (doc["apiVersion"], doc["kind"])
        if key not in schemas:
            unknown.add(f"{doc['kind']} ({doc['apiVersion']})")
            continue
        checked += 1
        # Metadata is the API server's, not the CRD's to describe.
        body = {k: v for k, v in doc.items() if k != "metadata"}
        schema = dict(schemas[key])
        schema["properties"] = {k: v for k, v in schema.get("properties", {}).items() if k != "metadata"}
        for error in jsonschema.Draft7Validator(schema).iter_errors(body):
            where = "/".join(str(p) for p in error.absolute_path)
            problems.append(f"{doc['kind']} {doc['metadata']['name']}: {where}: {error.message}")
    skipped = f"; no CRD given for {', '.join(sorted(unknown))}" if unknown else ""
    return problems, f"{checked} custom resources valid against their CRDs{skipped}"


def operators(directory, values_path):
    """The example engines: what the production values expect of them (ADR 058)."""
    import glob
    import os

    docs = [d for f in sorted(glob.glob(os.path.join(directory, "*.yaml"))) for d in yaml.safe_load_all(open(f)) if d]
    by_kind = {}
    for d in docs:
        by_kind.setdefault((d["apiVersion"], d["kind"]), []).append(d)
    problems = []
    wanted = [
        ("kafka.strimzi.io/v1beta2", "Kafka"),
        ("kafka.strimzi.io/v1beta2", "KafkaNodePool"),
        ("elasticsearch.k8s.elastic.co/v1", "Elasticsearch"),
        ("mongodbcommunity.mongodb.com/v1", "MongoDBCommunity"),
        ("redis.redis.opstreelabs.in/v1beta2", "Redis"),
    ]
    for key in wanted:
        if key not in by_kind:
            problems.append(f"no {key[1]} ({key[0]})")
    if problems:
        return problems, ""
    zone = "topology.kubernetes.io/zone"
    values = yaml.safe_load(open(values_path))

    kafka = by_kind[wanted[0]][0]
    spec = kafka["spec"]["kafka"]
    config = spec.get("config", {})
    if not str(spec.get("version", "")).startswith("3.9"):
        problems.append(f"Kafka {spec.get('version')}: the services' kafkajs needs Kafka 3.9")
    if config.get("default.replication.factor") != 3 or config.get("min.insync.replicas") != 2:
        problems.append("Kafka: topics need 3 replicas, 2 in sync (values kafkaTopics)")
    if spec.get("rack", {}).get("topologyKey") != zone:
        problems.append("Kafka: no rack awareness over zones")
    pools = [p for p in by_kind[wanted[1]] if p["metadata"]["labels"].get("strimzi.io/cluster") == kafka["metadata"]["name"]]
    brokers = sum(p["spec"]["replicas"] for p in pools if "broker" in p["spec"]["roles"])
    controllers = sum(p["spec"]["replicas"] for p in pools if "controller" in p["spec"]["roles"])
    if brokers < 3 or controllers < 3:
        problems.append(f"Kafka: {brokers} brokers and {controllers} controllers, want 3 of each")
    plain = [l for l in spec.get("listeners", []) if not l.get("tls") and l["type"] == "internal"]
    bootstrap = f"{kafka['metadata']['name']}-kafka-bootstrap:{plain[0]['port']}" if plain else None
    if values.get("kafka", {}).get("external", {}).get("brokers") != bootstrap:
        problems.append(f"production kafka.external.brokers is not the Strimzi bootstrap {bootstrap}")

    es = by_kind[wanted[2]][0]
    if not str(es["spec"]["version"]).startswith("8."):
        problems.append(f"Elasticsearch {es['spec']['version']}: the services' client is of major 8")
    if sum(n.get("count", 0) for n in es["spec"]["nodeSets"]) < 3:
        problems.append("Elasticsearch: fewer than 3 nodes")
    for n in es["spec"]["nodeSets"]:
        if "zoneAwareness" not in n:
            problems.append(f"Elasticsearch node set {n['name']}: not spread over zones (zoneAwareness)")
    if not es["spec"].get("http", {}).get("tls", {}).get("selfSignedCertificate", {}).get("disabled"):
        problems.append("Elasticsearch: HTTP with ECK's self-signed CA, which the services do not trust")

    mongo = by_kind[wanted[3]][0]
    if mongo["spec"].get("members", 0) < 3:
        problems.append("MongoDBCommunity: fewer than 3 members")
    for u in mongo["spec"]["users"]:
        if not u.get("connectionStringSecretName"):
            problems.append(f"MongoDBCommunity user {u['name']}: no connection string Secret for MONGODB_URI")
    mongo_pod = mongo["spec"].get("statefulSet", {}).get("spec", {}).get("template", {}).get("spec", {})
    if zone not in {c["topologyKey"] for c in mongo_pod.get("topologySpreadConstraints", [])}:
        problems.append("MongoDBCommunity: members not spread over zones")

    redis = by_kind[wanted[4]][0]
    if not redis["spec"]["kubernetesConfig"].get("redisSecret"):
        problems.append("Redis: no password Secret")
    return problems, f"{len(docs)} objects: Kafka 3.9 on {brokers} brokers, Elasticsearch, MongoDB, Redis"


def otel(path):
    problems = []
    cfg = yaml.safe_load(open(path))
    service = cfg.get("service", {})
    for ext in service.get("extensions", []):
        if ext not in (cfg.get("extensions") or {}):
            problems.append(f"extension {ext} used but not defined")
    pipelines = service.get("pipelines", {})
    if not pipelines:
        problems.append("no pipelines")
    for pname, p in pipelines.items():
        if pname.split("/")[0] not in ("traces", "metrics", "logs"):
            problems.append(f"pipeline {pname}: unknown signal")
        for section in ("receivers", "processors", "exporters"):
            for ref in p.get(section, []):
                if ref not in (cfg.get(section) or {}):
                    problems.append(f"pipeline {pname}: {section[:-1]} {ref} not defined")
        if not p.get("receivers") or not p.get("exporters"):
            problems.append(f"pipeline {pname}: needs receivers and exporters")
        procs = p.get("processors", [])
        if procs and procs[0] != "memory_limiter":
            problems.append(f"pipeline {pname}: memory_limiter should come first")
    for section in ("receivers", "processors", "exporters"):
        used = {r for p in pipelines.values() for r in p.get(section, [])}
        for defined in cfg.get(section) or {}:
            if defined not in used:
                problems.append(f"{section[:-1]} {defined} defined but unused")
    return problems, f"{len(pipelines)} pipelines"


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    mode, path = argv[1], argv[2]
    if mode == "manifests":
        expected = int(argv[argv.index("--deployments") + 1]) if "--deployments" in argv else None
        values = argv[argv.index("--autoscaled") + 1] if "--autoscaled" in argv else None
        problems, summary = manifests(path, expected, "--read-only-root" in argv, values)
    elif mode == "crds":
        problems, summary = crds(path, argv[3:])
    elif mode == "operators":
        problems, summary = operators(path, argv[3])
    elif mode == "otel":
        problems, summary = otel(path)
    elif mode == "rules":
        base = argv[argv.index("--base") + 1] if "--base" in argv else None
        problems, summary = rules(path, argv[3], base)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for p in problems:
        print(f"policy: {path}: {p}", file=sys.stderr)
    if problems:
        return 1
    print(f"policy: {path}: OK ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
