import { Client, credentials, Metadata } from '@grpc/grpc-js';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { FileDescriptorProto, type IFileDescriptorProto } from 'protobufjs/ext/descriptor';
import { pino } from 'pino';
import { builtGrpcurl, grpcurl } from '../testing/grpcurl.js';
import { reflectionDefinitions } from './reflection.js';
import { createGrpcServer, type GrpcServer } from './server.js';
import { serviceRegistration } from './service-types.js';
import { echoService } from './testing/echo-service.js';
import { withUnimplemented } from './unimplemented.js';

interface ReflectionResponse {
  listServicesResponse?: { service: { name: string }[] };
  fileDescriptorResponse?: { fileDescriptorProto: number[][] };
  errorResponse?: { errorCode: number; errorMessage: string };
}

describe('gRPC server reflection', () => {
  let server: GrpcServer;
  let address: string;

  beforeAll(async () => {
    // The catalog's API (unimplemented here): messages that span files and import google.protobuf.
    const catalog = serviceRegistration(
      'pricecompare.catalog.v1.CatalogService',
      CatalogServiceService,
      withUnimplemented(CatalogServiceService, {}),
    );
    server = createGrpcServer({ services: [echoService(), catalog], logger: pino({ level: 'silent' }) });
    address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  });

  afterAll(() => server.shutdown());

  /** One request on grpc.reflection.v1's bidirectional stream, as reflection clients make it. */
  async function reflect(request: Record<string, unknown>): Promise<ReflectionResponse> {
    const definition = reflectionDefinitions().find((d) =>
      Object.values(d)[0]?.path.startsWith('/grpc.reflection.v1.'),
    );
    const method = Object.values(definition ?? {})[0];
    if (!method) throw new Error('no grpc.reflection.v1 definition');
    const client = new Client(address, credentials.createInsecure());
    try {
      const call = client.makeBidiStreamRequest(
        method.path,
        method.requestSerialize,
        method.responseDeserialize,
        new Metadata(),
        { deadline: Date.now() + 10_000 },
      );
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
    expect(response.listServicesResponse?.service.map((s) => s.name).sort()).toEqual([
      'grpc.health.v1.Health',
      'pricecompare.catalog.v1.CatalogService',
      'pricecompare.testing.v1.EchoService',
    ]);
  });

  it('describes a service with the files of its messages, without any .proto at hand', async () => {
    const response = await reflect({ fileContainingSymbol: 'pricecompare.testing.v1.EchoService' });
    const files = (response.fileDescriptorResponse?.fileDescriptorProto ?? []).map(
      (bytes) => FileDescriptorProto.decode(Buffer.from(bytes)) as unknown as IFileDescriptorProto,
    );
    const service = files.flatMap((file) => file.service ?? []).find((s) => s.name === 'EchoService');
    expect(service?.method?.map((m) => m.name)).toEqual(['Echo', 'Increment', 'GetCount', 'CountTo']);
    const messages = files.flatMap((file) => (file.messageType ?? []).map((m) => `${file.package}.${m.name}`));
    expect(messages).toEqual(
      expect.arrayContaining(['pricecompare.testing.v1.EchoRequest', 'pricecompare.testing.v1.CountToResponse']),
    );
  });

  it('sends the files a service’s messages come from, with their imports as buf compiled them', async () => {
    const response = await reflect({ fileContainingSymbol: 'pricecompare.catalog.v1.CatalogService' });
    const files = (response.fileDescriptorResponse?.fileDescriptorProto ?? []).map(
      (bytes) => FileDescriptorProto.decode(Buffer.from(bytes)) as unknown as IFileDescriptorProto,
    );
    const catalog = files.find((file) => file.name === 'catalog/v1/catalog.proto');
    expect(catalog?.dependency).toEqual(expect.arrayContaining(['catalog/v1/types.proto', 'common/v1/paging.proto']));
    expect(files.map((file) => file.name)).toEqual(
      expect.arrayContaining(['catalog/v1/types.proto', 'google/protobuf/timestamp.proto']),
    );
  });

  it('answers an unknown symbol with an error of the reflection protocol', async () => {
    expect((await reflect({ fileContainingSymbol: 'no.such.Service' })).errorResponse?.errorCode).toBe(5);
  });

  // grpcurl is built by scripts/tools/ensure-grpcurl.sh (the end-to-end tests always use it).
  const withGrpcurl = builtGrpcurl() ? it : it.skip;
  withGrpcurl(
    'lets grpcurl list and describe the service from reflection alone, and refuses its call without a token',
    async () => {
      const binary = builtGrpcurl() ?? '';
      expect((await grpcurl(binary, ['-plaintext', address, 'list'])).trim().split('\n').sort()).toEqual([
        'grpc.health.v1.Health',
        'pricecompare.catalog.v1.CatalogService',
        'pricecompare.testing.v1.EchoService',
      ]);
      expect(await grpcurl(binary, ['-plaintext', address, 'describe', 'pricecompare.catalog.v1.Product'])).toContain(
        '.google.protobuf.Timestamp created_at',
      );
      expect(
        JSON.parse(
          await grpcurl(binary, [
            '-plaintext',
            '-d',
            '{"service":"pricecompare.catalog.v1.CatalogService"}',
            address,
            'grpc.health.v1.Health/Check',
          ]),
        ),
      ).toEqual({ status: 'SERVING' });
      expect(
        await grpcurl(binary, ['-plaintext', address, 'describe', 'pricecompare.testing.v1.EchoService']),
      ).toContain(
        'rpc CountTo ( .pricecompare.testing.v1.CountToRequest ) returns ( stream .pricecompare.testing.v1.CountToResponse );',
      );
      // Reflection and health answer without a token; calling the service needs a caller's (ADR 052),
      // which grpcurl does not carry.
      await expect(
        grpcurl(binary, [
          '-plaintext',
          '-d',
          '{"message":"grüezi","tags":["a"]}',
          address,
          'pricecompare.testing.v1.EchoService/Echo',
        ]),
      ).rejects.toMatchObject({ stderr: expect.stringContaining('Unauthenticated') });
    },
  );
});
