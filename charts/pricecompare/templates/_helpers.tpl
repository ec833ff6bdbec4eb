{{/*
Helpers shared by every template. Component objects are named `<namePrefix><component>` so that
peer addresses read like `catalog:50051` (docs/architecture.md, docs/conventions.md §4).
*/}}

{{- define "pc.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels on every object of this chart, except the selector labels. */}}
{{- define "pc.commonLabels" -}}
helm.sh/chart: {{ include "pc.chart" . }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: pricecompare
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Labels of objects that belong to no single component. */}}
{{- define "pc.labels" -}}
{{ include "pc.commonLabels" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Name of a component's objects. Args: dict root name */}}
{{- define "pc.componentFullname" -}}
{{- printf "%s%s" .root.Values.namePrefix .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Selector labels of a component. Args: dict root name */}}
{{- define "pc.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{/* The name of the shared ConfigMap. */}}
{{- define "pc.sharedConfigName" -}}
{{- printf "%spricecompare-shared" .Values.namePrefix -}}
{{- end -}}

{{/*
A component block merged over `defaults`. Returns YAML; use with fromYaml.
mergeOverwrite would not let a component turn a default `true` into `false` (mergo treats false
as empty), so booleans are resolved with `hasKey` after the merge. Args: dict root name
*/}}
{{- define "pc.component.values" -}}
{{- $own := index .root.Values.components .name -}}
{{- $merged := mustMergeOverwrite (deepCopy .root.Values.defaults) (deepCopy $own) -}}
{{- include "pc.fixFalse" (dict "dst" $merged "src" $own) -}}
{{- toYaml $merged -}}
{{- end -}}

{{/* Recursively copies explicit false / zero values of src into dst (see pc.component.values). */}}
{{- define "pc.fixFalse" -}}
{{- $dst := .dst -}}
{{- range $key, $value := .src -}}
{{- if kindIs "map" $value -}}
{{- if kindIs "map" (index $dst $key) -}}
{{- include "pc.fixFalse" (dict "dst" (index $dst $key) "src" $value) -}}
{{- end -}}
{{- else -}}
{{- $_ := set $dst $key $value -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Names of the enabled components of a kind, sorted. Args: dict root kind. Returns JSON list. */}}
{{- define "pc.componentsOfKind" -}}
{{- $names := list -}}
{{- range $name := keys .root.Values.components | sortAlpha -}}
{{- $c := include "pc.component.values" (dict "root" $.root "name" $name) | fromYaml -}}
{{- if and $c.enabled (eq $c.kind $.kind) -}}
{{- $names = append $names $name -}}
{{- end -}}
{{- end -}}
{{- toJson $names -}}
{{- end -}}

{{/* `CATALOG_GRPC_ADDR` for component `catalog`. */}}
{{- define "pc.addrVar" -}}
{{- printf "%s_GRPC_ADDR" (. | upper | replace "-" "_") -}}
{{- end -}}

{{/* The headless Service of a gRPC component's pods, `catalog-pods`. Args: dict root name */}}
{{- define "pc.podsServiceName" -}}
{{- printf "%s-pods" (include "pc.componentFullname" . | trunc 58 | trimSuffix "-") -}}
{{- end -}}

{{/* `catalog-pods:50051`: peers dial every pod (round robin over the headless Service). Args: dict root name */}}
{{- define "pc.grpcAddr" -}}
{{- printf "%s:%v" (include "pc.podsServiceName" .) .root.Values.runtime.grpcPort -}}
{{- end -}}

{{/* Image reference of a component. Args: dict root name c */}}
{{- define "pc.image" -}}
{{- $g := .root.Values.image -}}
{{- $i := .c.image | default dict -}}
{{- $registry := $i.registry | default $g.registry -}}
{{- $repository := $i.repository | default (printf "%s%s" $g.repositoryPrefix .name) -}}
{{- $ref := ternary $repository (printf "%s/%s" $registry $repository) (empty $registry) -}}
{{- $digest := $i.digest | default $g.digest -}}
{{- if $digest -}}
{{- printf "%s@%s" $ref $digest -}}
{{- else -}}
{{- printf "%s:%s" $ref ($i.tag | default $g.tag | default .root.Chart.AppVersion) -}}
{{- end -}}
{{- end -}}

{{/*
Connection settings of the engines, as a dict of env var → value, from their external endpoints;
a variable without one is expected in the credentials Secret.
*/}}
{{- define "pc.infraEnv" -}}
{{- $env := dict -}}
{{- $v := .Values -}}
{{- if eq $v.adapters.eventBus "kafka" -}}
{{- if $v.kafka.external.brokers -}}
{{- $_ := set $env "KAFKA_BROKERS" $v.kafka.external.brokers -}}
{{- end -}}
{{- with $v.kafkaTopics -}}
{{- if gt (int .replicationFactor) 0 -}}
{{- $_ := set $env "KAFKA_REPLICATION_FACTOR" (toString .replicationFactor) -}}
{{- end -}}
{{- if gt (int .minInsyncReplicas) 0 -}}
{{- $_ := set $env "KAFKA_MIN_INSYNC_REPLICAS" (toString .minInsyncReplicas) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if eq $v.adapters.documentStore "mongodb" -}}
{{- if $v.mongodb.external.uri -}}
{{- $_ := set $env "MONGODB_URI" $v.mongodb.external.uri -}}
{{- end -}}
{{- end -}}
{{- if eq $v.adapters.searchIndex "elasticsearch" -}}
{{- if $v.elasticsearch.external.url -}}
{{- $_ := set $env "ELASTICSEARCH_URL" $v.elasticsearch.external.url -}}
{{- end -}}
{{- end -}}
{{- if eq $v.adapters.cache "redis" -}}
{{- if $v.redis.external.url -}}
{{- $_ := set $env "REDIS_URL" $v.redis.external.url -}}
{{- end -}}
{{- end -}}
{{- toYaml $env -}}
{{- end -}}

{{/* Variables the selected adapters need that no `external` endpoint provides. */}}
{{- define "pc.infraFromSecret" -}}
{{- $have := include "pc.infraEnv" . | fromYaml -}}
{{- $need := list -}}
{{- $v := .Values.adapters -}}
{{- if and (eq $v.eventBus "kafka") (not (hasKey $have "KAFKA_BROKERS")) }}{{ $need = append $need "KAFKA_BROKERS" }}{{ end -}}
{{- if and (eq $v.documentStore "mongodb") (not (hasKey $have "MONGODB_URI")) }}{{ $need = append $need "MONGODB_URI" }}{{ end -}}
{{- if and (eq $v.searchIndex "elasticsearch") (not (hasKey $have "ELASTICSEARCH_URL")) }}{{ $need = append $need "ELASTICSEARCH_URL" }}{{ end -}}
{{- if and (eq $v.cache "redis") (not (hasKey $have "REDIS_URL")) }}{{ $need = append $need "REDIS_URL" }}{{ end -}}
{{- toJson $need -}}
{{- end -}}

{{/* Render-time checks that JSON schema cannot express. */}}
{{- define "pc.validate" -}}
{{- $need := include "pc.infraFromSecret" . | fromJsonArray -}}
{{- if and $need (not .Values.credentials.existingSecret) -}}
{{- fail (printf "adapters need %s: set <name>.external.*, or provide them in credentials.existingSecret" (join ", " $need)) -}}
{{- end -}}
{{- $countries := list -}}
{{- range .Values.countryHosts -}}
{{- if has .country $countries -}}
{{- fail (printf "countryHosts: country %q listed twice" .country) -}}
{{- end -}}
{{- $countries = append $countries .country -}}
{{- end -}}
{{- $grpc := include "pc.componentsOfKind" (dict "root" . "kind" "grpc") | fromJsonArray -}}
{{- range $name := keys .Values.components | sortAlpha -}}
{{- $c := include "pc.component.values" (dict "root" $ "name" $name) | fromYaml -}}
{{- if $c.enabled -}}
{{- if and $.Values.countryHosts (hasKey ($c.env | default dict) "COUNTRY_HOSTS") -}}
{{- fail (printf "components.%s.env.COUNTRY_HOSTS: set countryHosts instead (it also renders the Ingress hosts)" $name) -}}
{{- end -}}
{{- range $callee := $c.calls | default list -}}
{{- if not (has $callee $grpc) -}}
{{- fail (printf "components.%s.calls names %q, which is not an enabled grpc component" $name $callee) -}}
{{- end -}}
{{- end -}}
{{- if and $c.autoscaling.enabled (lt (int $c.autoscaling.maxReplicas) (int $c.autoscaling.minReplicas)) -}}
{{- fail (printf "components.%s.autoscaling: maxReplicas < minReplicas" $name) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
files/prometheus-rules.yaml with its placeholders filled: __GRPC__ (the enabled gRPC components,
as the label app_kubernetes_io_name carries them), __DEPLOYMENTS__ (every enabled component's
Deployment, namePrefix included), __CONTAINERS__ (their container names) and __RUNBOOKS__.
*/}}
{{- define "pc.alertRules" -}}
{{- $grpc := include "pc.componentsOfKind" (dict "root" . "kind" "grpc") | fromJsonArray -}}
{{- $containers := list -}}
{{- $deployments := list -}}
{{- range $name := keys .Values.components | sortAlpha -}}
{{- $c := include "pc.component.values" (dict "root" $ "name" $name) | fromYaml -}}
{{- if $c.enabled -}}
{{- $containers = append $containers $name -}}
{{- $deployments = append $deployments (include "pc.componentFullname" (dict "root" $ "name" $name)) -}}
{{- end -}}
{{- end -}}
{{- .Files.Get "files/prometheus-rules.yaml"
    | replace "__GRPC__" (join "|" $grpc)
    | replace "__DEPLOYMENTS__" (join "|" $deployments)
    | replace "__CONTAINERS__" (join "|" $containers)
    | replace "__RUNBOOKS__" (trimSuffix "/" .Values.telemetry.runbookBaseUrl) -}}
{{- end -}}

{{/* COUNTRY_HOSTS of the web: "ch=www.pricecompare.ch,de=www.pricecompare.de" from countryHosts. */}}
{{- define "pc.countryHostsVar" -}}
{{- $pairs := list -}}
{{- range .Values.countryHosts -}}
{{- $pairs = append $pairs (printf "%s=%s" .country .host) -}}
{{- end -}}
{{- join "," $pairs -}}
{{- end -}}
