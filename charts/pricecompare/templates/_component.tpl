{{/*
The one generic component template (docs/conventions.md §11): every service and the web BFF become
ServiceAccount + Service + Deployment, and optionally PodDisruptionBudget, HorizontalPodAutoscaler or KEDA ScaledObject (_autoscaling.tpl),
Ingress and ServiceMonitor. `kind: grpc` follows the service kit's runtime contract (gRPC on
GRPC_PORT with grpc.health.v1, ops HTTP on OPS_PORT); `kind: web` is the Remix server on PORT.
Args: dict root name
*/}}
{{- define "pc.component" -}}
{{- $root := .root -}}
{{- $name := .name -}}
{{- $c := include "pc.component.values" (dict "root" $root "name" $name) | fromYaml -}}
{{- $fullname := include "pc.componentFullname" (dict "root" $root "name" $name) -}}
{{- $rt := $root.Values.runtime -}}
{{- $isGrpc := eq $c.kind "grpc" -}}
{{- /* Serves /metrics on runtime.opsPort: every grpc component, and a web one with `metrics`. */}}
{{- $hasOps := or $isGrpc $c.metrics -}}
{{- $selector := include "pc.selectorLabels" (dict "root" $root "name" $name) -}}
{{- $labels := printf "%s\n%s\napp.kubernetes.io/component: %s\npricecompare.io/group: %s" (include "pc.commonLabels" $root) $selector $c.kind ($c.group | default "none") -}}
{{- $secret := $root.Values.credentials.existingSecret -}}
{{- $tgps := $c.terminationGracePeriodSeconds | default (add (div (add (int $rt.shutdownDrainMs) (int $rt.shutdownGraceMs) 999) 1000) 10) -}}
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ $fullname }}
  labels:
    {{- $labels | nindent 4 }}
  {{- with $c.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: false
---
apiVersion: v1
kind: Service
metadata:
  name: {{ $fullname }}
  labels:
    {{- $labels | nindent 4 }}
  {{- with $c.service.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: ClusterIP
  selector:
    {{- $selector | nindent 4 }}
  ports:
    {{- if $isGrpc }}
    - name: grpc
      port: {{ int $rt.grpcPort }}
      targetPort: grpc
      protocol: TCP
      appProtocol: kubernetes.io/h2c
    - name: ops
      port: {{ int $rt.opsPort }}
      targetPort: ops
      protocol: TCP
      appProtocol: http
    {{- with $c.httpPort }}
    - name: http
      port: {{ int . }}
      targetPort: http
      protocol: TCP
      appProtocol: http
    {{- end }}
    {{- else }}
    - name: http
      port: 80
      targetPort: http
      protocol: TCP
      appProtocol: http
    {{- if $c.metrics }}
    - name: ops
      port: {{ int $rt.opsPort }}
      targetPort: ops
      protocol: TCP
      appProtocol: http
    {{- end }}
    {{- end }}
{{- if $isGrpc }}
---
# The same pods, one DNS address each (clusterIP: None): gRPC peers dial this name with
# `dns:///` and round_robin, so calls spread over every replica and a new one gets calls as soon
# as the name resolves to it; the infrastructure panel counts replicas by it (ADR 072). Not
# scraped: the ServiceMonitor selects the ClusterIP Service above.
apiVersion: v1
kind: Service
metadata:
  name: {{ include "pc.podsServiceName" (dict "root" $root "name" $name) }}
  labels:
    {{- $labels | nindent 4 }}
    pricecompare.io/addresses: per-pod
spec:
  clusterIP: None
  selector:
    {{- $selector | nindent 4 }}
  ports:
    - name: grpc
      port: {{ int $rt.grpcPort }}
      targetPort: grpc
      protocol: TCP
      appProtocol: kubernetes.io/h2c
    - name: ops
      port: {{ int $rt.opsPort }}
      targetPort: ops
      protocol: TCP
      appProtocol: http
{{- end }}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $fullname }}
  labels:
    {{- $labels | nindent 4 }}
spec:
  {{- if not $c.autoscaling.enabled }}
  replicas: {{ int $c.replicas }}
  {{- end }}
  revisionHistoryLimit: 3
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  selector:
    matchLabels:
      {{- $selector | nindent 6 }}
  template:
    metadata:
      labels:
        {{- $labels | nindent 8 }}
        {{- with $c.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
        {{- if and $hasOps $root.Values.telemetry.scrapeAnnotations }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ int $rt.opsPort | quote }}
        prometheus.io/path: /metrics
        {{- end }}
        {{- with $c.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ $fullname }}
      automountServiceAccountToken: false
      # No Service links: a Service named like a variable prefix (e.g. GRPC_PORT) would clash.
      enableServiceLinks: false
      # SIGTERM → NOT_SERVING → drain (SHUTDOWN_DRAIN_MS) → in-flight calls (SHUTDOWN_GRACE_MS).
      terminationGracePeriodSeconds: {{ int $tgps }}
      {{- with $c.priorityClassName }}
      priorityClassName: {{ . }}
      {{- end }}
      {{- with $root.Values.image.pullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml $c.podSecurityContext | nindent 8 }}
      {{- with $c.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $c.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $c.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- if or $c.spreadAcrossNodes $c.topologySpreadConstraints }}
      topologySpreadConstraints:
        {{- if $c.spreadAcrossNodes }}
        {{- range $key := list "kubernetes.io/hostname" "topology.kubernetes.io/zone" }}
        - maxSkew: 1
          topologyKey: {{ $key }}
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- $selector | nindent 14 }}
          matchLabelKeys: [pod-template-hash]
        {{- end }}
        {{- end }}
        {{- with $c.topologySpreadConstraints }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      {{- end }}
      containers:
        - name: {{ $name }}
          image: {{ include "pc.image" (dict "root" $root "name" $name "c" $c) | quote }}
          imagePullPolicy: {{ ($c.image | default dict).pullPolicy | default $root.Values.image.pullPolicy }}
          ports:
            {{- if $isGrpc }}
            - name: grpc
              containerPort: {{ int $rt.grpcPort }}
              protocol: TCP
            - name: ops
              containerPort: {{ int $rt.opsPort }}
              protocol: TCP
            {{- with $c.httpPort }}
            - name: http
              containerPort: {{ int . }}
              protocol: TCP
            {{- end }}
            {{- else }}
            - name: http
              containerPort: {{ int $rt.webPort }}
              protocol: TCP
            {{- if $c.metrics }}
            - name: ops
              containerPort: {{ int $rt.opsPort }}
              protocol: TCP
            {{- end }}
            {{- end }}
          env:
            {{- if $isGrpc }}
            - name: GRPC_HOST
              value: "0.0.0.0"
            - name: GRPC_PORT
              value: {{ int $rt.grpcPort | quote }}
            - name: OPS_PORT
              value: {{ int $rt.opsPort | quote }}
            - name: DATA_DIR
              value: {{ $rt.dataDir | quote }}
            - name: SHUTDOWN_DRAIN_MS
              value: {{ int $rt.shutdownDrainMs | quote }}
            - name: SHUTDOWN_GRACE_MS
              value: {{ int $rt.shutdownGraceMs | quote }}
            {{- else }}
            - name: PORT
              value: {{ int $rt.webPort | quote }}
            {{- if $c.metrics }}
            - name: METRICS_PORT
              value: {{ int $rt.opsPort | quote }}
            {{- end }}
            {{- with $root.Values.countryHosts }}
            # The site's host per country (countryHosts): its country switch leads there.
            - name: COUNTRY_HOSTS
              value: {{ include "pc.countryHostsVar" $root | quote }}
            {{- end }}
            {{- range $callee := $c.calls | default list }}
            - name: {{ include "pc.addrVar" $callee }}
              value: {{ include "pc.grpcAddr" (dict "root" $root "name" $callee) | quote }}
            {{- end }}
            {{- with $c.calls }}
            {{- /* The callees' ops servers (/readyz, /metrics): the admin app's service overview. */}}
            - name: OPS_URLS
              value: {{ $ops := list }}{{ range $callee := . }}{{ $ops = append $ops (printf "%s=http://%s:%v" $callee (include "pc.podsServiceName" (dict "root" $root "name" $callee)) $rt.opsPort) }}{{ end }}{{ join "," $ops | quote }}
            {{- end }}
            {{- with $root.Values.telemetry.otlpEndpoint }}
            - name: OTEL_EXPORTER_OTLP_ENDPOINT
              value: {{ . | quote }}
            {{- end }}
            {{- end }}
            - name: LOG_LEVEL
              value: {{ $c.logLevel | default $rt.logLevel | quote }}
            - name: OTEL_SERVICE_NAME
              value: {{ $name | quote }}
            {{- if $root.Values.identity.existingSecret }}
            # This component's signing key and every principal's public key (ADR 052).
            - name: IDENTITY_KEY_FILE
              value: /var/run/pricecompare/identity/key.jwk
            - name: IDENTITY_TRUST_FILE
              value: /var/run/pricecompare/identity/trust.jwks
            {{- end }}
            {{- range $key := keys ($c.env | default dict) | sortAlpha }}
            - name: {{ $key }}
              value: {{ index $c.env $key | toString | quote }}
            {{- end }}
            {{- with $c.extraEnv }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          {{- if or $isGrpc $secret $c.extraEnvFrom }}
          envFrom:
            {{- if $isGrpc }}
            - configMapRef:
                name: {{ include "pc.sharedConfigName" $root }}
            {{- end }}
            {{- if $secret }}
            - secretRef:
                name: {{ $secret }}
                optional: {{ $root.Values.credentials.optional }}
            {{- end }}
            {{- with $c.extraEnvFrom }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          {{- end }}
          {{- if $isGrpc }}
          startupProbe:
            grpc:
              port: {{ int $rt.grpcPort }}
            {{- toYaml $c.probes.startup | nindent 12 }}
          livenessProbe:
            grpc:
              port: {{ int $rt.grpcPort }}
            {{- toYaml $c.probes.liveness | nindent 12 }}
          readinessProbe:
            httpGet:
              path: /readyz
              port: ops
            {{- toYaml $c.probes.readiness | nindent 12 }}
          {{- else }}
          startupProbe:
            httpGet:
              path: /healthz
              port: http
            {{- toYaml $c.probes.startup | nindent 12 }}
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            {{- toYaml $c.probes.liveness | nindent 12 }}
          readinessProbe:
            httpGet:
              path: /healthz
              port: http
            {{- toYaml $c.probes.readiness | nindent 12 }}
          {{- end }}
          resources:
            {{- toYaml $c.resources | nindent 12 }}
          securityContext:
            {{- toYaml $c.securityContext | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- if $root.Values.identity.existingSecret }}
            - name: identity
              mountPath: /var/run/pricecompare/identity
              readOnly: true
            {{- end }}
            {{- if $isGrpc }}
            - name: data
              mountPath: {{ $rt.dataDir }}
            {{- end }}
            {{- with $c.extraVolumeMounts }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
      volumes:
        # The root filesystem is read-only: scratch space and the embedded adapters' data dir.
        - name: tmp
          emptyDir:
            sizeLimit: 64Mi
        {{- with $root.Values.identity.existingSecret }}
        - name: identity
          secret:
            secretName: {{ . }}
            defaultMode: 0400
            items:
              - { key: {{ printf "%s.jwk" $name }}, path: key.jwk }
              - { key: trust.jwks, path: trust.jwks }
        {{- end }}
        {{- if $isGrpc }}
        - name: data
          emptyDir:
            sizeLimit: {{ $rt.dataSizeLimit | default "1Gi" }}
        {{- end }}
        {{- with $c.extraVolumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
{{- /* A PDB unless disabled, whenever more than one replica runs (or when enabled explicitly). */ -}}
{{- $minReplicas := ternary (int $c.autoscaling.minReplicas) (int $c.replicas) (and $c.autoscaling.enabled true) -}}
{{- $pdb := gt $minReplicas 1 -}}
{{- if hasKey $c.podDisruptionBudget "enabled" }}{{ $pdb = $c.podDisruptionBudget.enabled }}{{ end -}}
{{- if $pdb }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ $fullname }}
  labels:
    {{- $labels | nindent 4 }}
spec:
  selector:
    matchLabels:
      {{- $selector | nindent 6 }}
  {{- if hasKey $c.podDisruptionBudget "minAvailable" }}
  minAvailable: {{ $c.podDisruptionBudget.minAvailable }}
  {{- else }}
  maxUnavailable: {{ $c.podDisruptionBudget.maxUnavailable | default 1 }}
  {{- end }}
  # A crash-looping pod must not block node drains.
  unhealthyPodEvictionPolicy: AlwaysAllow
{{- end }}
{{- if $c.autoscaling.enabled }}
{{ include "pc.autoscaler" (dict "root" $root "name" $name "c" $c "fullname" $fullname "labels" $labels) }}
{{- end }}
{{- if $c.ingress.enabled }}
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: {{ $fullname }}
  labels:
    {{- $labels | nindent 4 }}
  {{- with $c.ingress.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  {{- with $c.ingress.className }}
  ingressClassName: {{ . }}
  {{- end }}
  {{- $countries := ternary $root.Values.countryHosts list (not $isGrpc) }}
  {{- $tls := $c.ingress.tls | default list }}
  {{- range $countries }}
  {{- if .tlsSecretName }}
  {{- $tls = append $tls (dict "secretName" .tlsSecretName "hosts" (list .host)) }}
  {{- end }}
  {{- end }}
  {{- with $tls }}
  tls:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  rules:
    {{- /* The web's rules: its own hosts, then one per country (countryHosts). */}}
    {{- range concat ($c.ingress.hosts | default list) $countries }}
    - host: {{ .host | quote }}
      http:
        paths:
          - path: {{ .path | default "/" }}
            pathType: Prefix
            backend:
              service:
                name: {{ $fullname }}
                port:
                  name: {{ ternary "grpc" "http" (and $isGrpc (not $c.httpPort)) }}
    {{- end }}
{{- end }}
{{- if and $hasOps $root.Values.telemetry.serviceMonitor.enabled }}
---
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {{ $fullname }}
  labels:
    {{- $labels | nindent 4 }}
    {{- with $root.Values.telemetry.serviceMonitor.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  selector:
    matchLabels:
      {{- $selector | nindent 6 }}
    # Not the per-pod (headless) Service of the same pods: each pod is scraped once.
    matchExpressions:
      - key: pricecompare.io/addresses
        operator: DoesNotExist
  # The rules (files/prometheus-rules.yaml) select on app_kubernetes_io_name, as the annotation
  # scraping's labelmap also produces it; `job` would be the (prefixed) Service name here.
  podTargetLabels: [app.kubernetes.io/name]
  endpoints:
    - port: ops
      path: /metrics
      interval: {{ $root.Values.telemetry.serviceMonitor.interval | default "30s" }}
{{- end }}
{{- end -}}
