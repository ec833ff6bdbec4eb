import type { Server, ServiceDefinition, UntypedHandleCall, UntypedServiceImplementation } from '@grpc/grpc-js';
import { ReflectionService } from '@grpc/reflection';
import { fileDescriptorsOf } from './proto-descriptors.js';

export const HEALTH_SERVICE = 'grpc.health.v1.Health';

type Registered = { definition: ServiceDefinition; implementation: UntypedServiceImplementation };

/** What a ReflectionService registers (v1 and v1alpha of grpc.reflection), without a server. */
function registrationsOf(reflection: ReflectionService): Registered[] {
  const registered: Registered[] = [];
  reflection.addToServer({
    addService: (definition, implementation) => registered.push({ definition, implementation }),
  });
  return registered;
}

let definitions: ServiceDefinition[] | undefined;

/** The reflection services' own definitions, from a ReflectionService that describes nothing. */
export function reflectionDefinitions(): ServiceDefinition[] {
  definitions ??= registrationsOf(new ReflectionService({})).map(({ definition }) => definition);
  return definitions;
}

/**
 * What ReflectionService reads: the descriptors of the served services' .proto files and their
 * imports, unchanged (@pc/proto's descriptor set), under any key. (A package definition loaded
 * by proto-loader would carry descriptors rebuilt by protobufjs, which drop the files' imports
 * and misname map entries: grpcurl could then not describe a service whose messages span files.)
 */
function packageDefinitionOf(services: readonly string[]): ConstructorParameters<typeof ReflectionService>[0] {
  const fileDescriptorProtos = fileDescriptorsOf([...services, HEALTH_SERVICE]).map((bytes) => Buffer.from(bytes));
  return { descriptors: { fileDescriptorProtos } } as unknown as ConstructorParameters<typeof ReflectionService>[0];
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
      const reflection = new ReflectionService(packageDefinitionOf(services), {
        services: [...services, HEALTH_SERVICE],
      });
      handlers = new Map(
        registrationsOf(reflection).flatMap(({ definition, implementation }) =>
          Object.entries(definition).map(
            ([key, method]) => [method.path, implementation[key] as UntypedHandleCall] as const,
          ),
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
      implementation[key] = ((call: never) =>
        (handlerFor(method.path) as (call: never) => void)(call)) as UntypedHandleCall;
    }
    server.addService(definition, implementation);
  }
}
