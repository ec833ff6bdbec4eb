import { Client, credentials, Metadata } from '@grpc/grpc-js';
import { FileDescriptorProto, type IFileDescriptorProto } from 'protobufjs/ext/descriptor';
import { pino } from 'pino';
import { builtGrpcurl, grpcurl } from '../testing/grpcurl.js';
import { reflectionDefinitions } from './reflection.js';
import { createGrpcServer, type GrpcServer } from './server.js';
import { echoService } from './testing/echo-service.js';

interface ReflectionResponse {
  listServicesResponse?: { service: { name: string }[] };
  fileDescriptorResponse?: { fileDescriptorProto: number[][] };
  errorResponse?: { errorCode: number; errorMessage: string };
}

describe('gRPC server reflection', () => {
  let server: GrpcServer;
  let address: string;

  beforeAll(async () => {
    server = createGrpcServer({ services: [echoService()], logger: pino({ level: 'silent' }) });
    address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  });

  afterAll(() => server.shutdown());

  /** One request on grpc.reflection.v1's bidirectional stream, as reflection clients make it. */
  async function reflect(request: Record<string, unknown>): Promise<ReflectionResponse> {
    const definition = reflectionDefinitions().find((d) => Object.values(d)[0]?.path.startsWith('/grpc.reflection.v1.'));
    const method = Object.values(definition ?? {})[0];
    if (!method) throw new Error('no grpc.reflection.v1 definition');
    const client = new Client(address, credentials.createInsecure());
    try {
      const call = client.makeBidiStreamRequest(method.path, method.requestSerialize, method.responseDeserialize, new Metadata(), { deadline: Date.now() + 10_000 });
      const response = new Promise<ReflectionResponse>((resolve, reject) => {
        call.once('data', (message: ReflectionResponse) => resolve(message));
        call.once('error', reject);
      });
      call.write(request);
      call.end();
      return await response;
    } finally {
      client.close();
    }
  }

  it('lists the served services and the health service', async () => {
    const response = await reflect({ listServices: '*' });
    expect(response.listServicesResponse?.service.map((s) => s.name).sort()).toEqual(['grpc.health.v1.Health', 'pricecompare.testing.v1.EchoService']);
  });

  it('describes a service with the files of its messages, without any .proto at hand', async () => {
    const response = await reflect({ fileContainingSymbol: 'pricecompare.testing.v1.EchoService' });
    const files = (response.fileDescriptorResponse?.fileDescriptorProto ?? []).map((bytes) => FileDescriptorProto.decode(Buffer.from(bytes)) as unknown as IFileDescriptorProto);
    const service = files.flatMap((file) => file.service ?? []).find((s) => s.name === 'EchoService');
    expect(service?.method?.map((m) => m.name)).toEqual(['Echo', 'Increment', 'GetCount', 'CountTo']);
    const messages = files.flatMap((file) => (file.messageType ?? []).map((m) => `${file.package}.${m.name}`));
    expect(messages).toEqual(expect.arrayContaining(['pricecompare.testing.v1.EchoRequest', 'pricecompare.testing.v1.CountToResponse']));
  });

  it('answers an unknown symbol with an error of the reflection protocol', async () => {
    expect((await reflect({ fileContainingSymbol: 'no.such.Service' })).errorResponse?.errorCode).toBe(5);
  });

  // grpcurl is built by scripts/tools/ensure-grpcurl.sh (the end-to-end tests always use it).
  const withGrpcurl = builtGrpcurl() ? it : it.skip;
  withGrpcurl('lets grpcurl list, describe and call the service from reflection alone', async () => {
    const binary = builtGrpcurl() ?? '';
    expect((await grpcurl(binary, ['-plaintext', address, 'list'])).trim().split('\n').sort()).toEqual(['grpc.health.v1.Health', 'pricecompare.testing.v1.EchoService']);
    expect(await grpcurl(binary, ['-plaintext', address, 'describe', 'pricecompare.testing.v1.EchoService'])).toContain('rpc CountTo ( .pricecompare.testing.v1.CountToRequest ) returns ( stream .pricecompare.testing.v1.CountToResponse );');
    const answer = JSON.parse(await grpcurl(binary, ['-plaintext', '-d', '{"message":"grüezi","tags":["a"]}', address, 'pricecompare.testing.v1.EchoService/Echo'])) as Record<string, unknown>;
    expect(answer).toMatchObject({ message: 'grüezi', tags: ['a'] });
  });
});
