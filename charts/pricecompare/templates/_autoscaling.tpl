{{/*
The autoscaler of a component with `autoscaling.enabled` (ADR 058). A component that consumes
Kafka events (`autoscaling.consumerLag.groups`) gets a KEDA ScaledObject when `keda.enabled` and
the event bus is Kafka: CPU and each consumer group's lag are its triggers, and KEDA creates and
owns the HorizontalPodAutoscaler (named like the Deployment). Every other component, or every
component without KEDA, gets a plain HorizontalPodAutoscaler on CPU (and memory when set).
Args: dict root name c fullname labels
*/}}
{{- define "pc.autoscaler" -}}
{{- $root := .root -}}
{{- $c := .c -}}
{{- $a := $c.autoscaling -}}
{{- $groups := ($a.consumerLag | default dict).groups | default list -}}
{{- if not (or $a.targetCPUUtilizationPercentage $a.targetMemoryUtilizationPercentage $groups) -}}
{{- fail (printf "components.%s.autoscaling: no metric (targetCPUUtilizationPercentage, targetMemoryUtilizationPercentage or consumerLag.groups)" .name) -}}
{{- end -}}
{{- $keda := and $root.Values.keda.enabled $groups (eq $root.Values.adapters.eventBus "kafka") -}}
{{- /* Scale in slowly: a replica that leaves a consumer group makes the group rebalance. */ -}}
{{- $behavior := dict "scaleDown" (dict "stabilizationWindowSeconds" (int $a.scaleDownStabilizationSeconds) "policies" (list (dict "type" "Pods" "value" 1 "periodSeconds" 60))) -}}
{{- if $keda }}
---
apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata:
  name: {{ .fullname }}
  labels:
    {{- .labels | nindent 4 }}
spec:
  scaleTargetRef:
    name: {{ .fullname }}
  minReplicaCount: {{ int $a.minReplicas }}
  maxReplicaCount: {{ int $a.maxReplicas }}
  pollingInterval: {{ int $root.Values.keda.pollingInterval }}
  advanced:
    horizontalPodAutoscalerConfig:
      name: {{ .fullname }}
      behavior:
        {{- toYaml $behavior | nindent 8 }}
  triggers:
    {{- with $a.targetCPUUtilizationPercentage }}
    - type: cpu
      metricType: Utilization
      metadata:
        value: {{ int . | quote }}
    {{- end }}
    {{- with $a.targetMemoryUtilizationPercentage }}
    - type: memory
      metricType: Utilization
      metadata:
        value: {{ int . | quote }}
    {{- end }}
    {{- range $group := $groups }}
    # Lag of group {{ $group }} over all its topics; KAFKA_BROKERS from the container's
    # environment (the shared ConfigMap or the credentials Secret).
    - type: kafka
      metadata:
        bootstrapServersFromEnv: KAFKA_BROKERS
        consumerGroup: {{ printf "%s%s" $root.Values.keda.consumerGroupPrefix $group | quote }}
        lagThreshold: {{ int $a.consumerLag.lagPerReplica | quote }}
        activationLagThreshold: "0"
        # The services read a new group's topics from the beginning (the kit's default).
        offsetResetPolicy: earliest
        # More replicas than partitions would idle: the lag trigger asks for at most one
        # replica per partition of the group's topics.
        allowIdleConsumers: "false"
      {{- with $root.Values.keda.kafkaAuthenticationRef }}
      authenticationRef:
        name: {{ . }}
      {{- end }}
    {{- end }}
{{- else }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ .fullname }}
  labels:
    {{- .labels | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ .fullname }}
  minReplicas: {{ int $a.minReplicas }}
  maxReplicas: {{ int $a.maxReplicas }}
  behavior:
    {{- toYaml $behavior | nindent 4 }}
  metrics:
    {{- with $a.targetCPUUtilizationPercentage }}
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ int . }}
    {{- end }}
    {{- with $a.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ int . }}
    {{- end }}
{{- end }}
{{- end -}}
