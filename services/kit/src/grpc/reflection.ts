import type { Server, ServiceDefinition, UntypedHandleCall, UntypedServiceImplementation } from '@grpc/grpc-js';
import { loadFileDescriptorSetFromBuffer, loadSync, type PackageDefinition } from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { descriptorSetOf } from './proto-descriptors.js';

export const HEALTH_SERVICE = 'grpc.health.v1.Health';

type Registered = { definition: ServiceDefinition; implementation: UntypedServiceImplementation };

/** What a ReflectionService registers (v1 and v1alpha of grpc.reflection), without a server. */
function registrationsOf(reflection: ReflectionService): Registered[] {
  const registered: Registered[] = [];
  reflection.addToServer({ addService: (definition, implementation) => registered.push({ definition, implementation }) });
  return registered;
}

let definitions: ServiceDefinition[] | undefined;

/** The reflection services' own definitions, from a ReflectionService that describes nothing. */
export function reflectionDefinitions(): ServiceDefinition[] {
  definitions ??= registrationsOf(new ReflectionService({})).map(({ definition }) => definition);
  return definitions;
}

/** The served services' .proto files (from @pc/proto's descriptors) and the health service's. */
function packageDefinitionOf(services: readonly string[]): PackageDefinition {
  return { ...loadFileDescriptorSetFromBuffer(descriptorSetOf(services)), ...loadSync(healthProtoPath) };
}

/**
 * Adds gRPC server reflection (grpc.reflection.v1 and v1alpha, by @grpc/reflection), so that
 * `grpcurl -plaintext host:port list` and `describe` work without proto files. It lists the
 * given services and the health service. The descriptors are analysed on the first reflection
 * call, not at start: starting a server costs nothing for a tool operators call rarely.
 */
export function addReflection(server: Server, services: readonly string[]): void {
  let handlers: Map<string, UntypedHandleCall> | undefined;
  const handlerFor = (path: string): UntypedHandleCall => {
    if (!handlers) {
      const reflection = new ReflectionService(packageDefinitionOf(services), { services: [...services, HEALTH_SERVICE] });
      handlers = new Map(
        registrationsOf(reflection).flatMap(({ definition, implementation }) =>
          Object.entries(definition).map(([key, method]) => [method.path, implementation[key] as UntypedHandleCall] as const),
        ),
      );
    }
    const handler = handlers.get(path);
    if (!handler) throw new Error(`reflection has no handler for ${path}`);
    return handler;
  };
  for (const definition of reflectionDefinitions()) {
    const implementation: UntypedServiceImplementation = {};
    for (const [key, method] of Object.entries(definition)) {
      implementation[key] = ((call: never) => (handlerFor(method.path) as (call: never) => void)(call)) as UntypedHandleCall;
    }
    server.addService(definition, implementation);
  }
}
