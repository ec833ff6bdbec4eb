import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptAes128gcm, type ReceiverKeys } from './push-decryption.js';
import { verifyVapidAuthorization, type VapidClaims } from './vapid-jwt.js';

/** A subscription as a browser's PushSubscription.toJSON() gives it, plus the private side. */
export interface LocalSubscription {
  readonly id: string;
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** A push message that arrived, verified and decrypted. */
export interface ReceivedPush {
  readonly subscriptionId: string;
  readonly payload: string;
  readonly ttl: number;
  readonly urgency: string;
  readonly vapid: VapidClaims;
  readonly vapidPublicKey: string;
  readonly receivedAt: Date;
}

interface Registration extends ReceiverKeys {
  readonly applicationServerKey: string;
  gone: boolean;
}

/** RFC 8030 limits a message to 4096 bytes of body. */
const MAX_BODY = 4096;

/**
 * A push service of our own on 127.0.0.1 (the stand-in for FCM / Mozilla autopush, a true
 * external boundary): it hands out subscriptions with real P-256 keys and auth secrets, and for
 * each POST checks what a real push service checks — the VAPID JWT (RFC 8292) against the
 * subscription's applicationServerKey, TTL, the aes128gcm encoding — then decrypts the message
 * with the subscription's private key (RFC 8291) and keeps the payload for tests to read.
 * `expire` makes a subscription answer 410 Gone, as a push service does after unsubscribe.
 */
export class LocalPushService {
  private readonly registrations = new Map<string, Registration>();
  private readonly messages: ReceivedPush[] = [];
  readonly refused: { subscriptionId: string; status: number; reason: string }[] = [];

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(options: { host?: string; port?: number } = {}): Promise<LocalPushService> {
    let service: LocalPushService | null = null;
    const server = createServer((request, response) => void service?.handle(request, response));
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
    const { address, port } = server.address() as AddressInfo;
    service = new LocalPushService(server, `http://${address}:${port}`);
    return service;
  }

  /** pushManager.subscribe({ applicationServerKey }): a new subscription with fresh keys. */
  subscribe(applicationServerKey: string): LocalSubscription {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    this.registrations.set(id, { ecdh, authSecret, applicationServerKey, gone: false });
    return {
      id,
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    };
  }

  /** From now on the subscription answers 410 Gone (the user unsubscribed in the browser). */
  expire(subscriptionId: string): void {
    const registration = this.registrations.get(subscriptionId);
    if (registration) registration.gone = true;
  }

  received(subscriptionId?: string): ReceivedPush[] {
    return this.messages.filter((message) => !subscriptionId || message.subscriptionId === subscriptionId);
  }

  /** Resolves once `count` messages arrived for the subscription. */
  async waitFor(subscriptionId: string, count = 1, timeoutMs = 8_000): Promise<ReceivedPush[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received(subscriptionId).length < count) {
      if (Date.now() > deadline)
        throw new Error(
          `no push for ${subscriptionId} within ${timeoutMs} ms (refused: ${JSON.stringify(this.refused)})`,
        );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.received(subscriptionId);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const id = /^\/push\/([0-9a-f-]+)$/.exec(request.url ?? '')?.[1] ?? '';
    const refuse = (status: number, reason: string) => {
      this.refused.push({ subscriptionId: id, status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    const body = await readBody(request);
    const registration = this.registrations.get(id);
    if (request.method !== 'POST') return refuse(405, 'POST only');
    if (!registration) return refuse(404, 'no such subscription');
    if (registration.gone) return refuse(410, 'subscription expired');
    if (body.length > MAX_BODY) return refuse(413, 'payload too large');
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing');
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'Content-Encoding must be aes128gcm');
    let vapid: ReturnType<typeof verifyVapidAuthorization>;
    try {
      vapid = verifyVapidAuthorization(String(request.headers.authorization ?? ''), this.origin);
    } catch (error) {
      return refuse(401, (error as Error).message);
    }
    if (vapid.publicKey !== registration.applicationServerKey)
      return refuse(403, 'VAPID key is not the subscription’s applicationServerKey');
    let payload: string;
    try {
      payload = decryptAes128gcm(body, registration).toString('utf8');
    } catch (error) {
      return refuse(400, `cannot decrypt: ${(error as Error).message}`);
    }
    this.messages.push({
      subscriptionId: id,
      payload,
      ttl,
      urgency: String(request.headers.urgency ?? 'normal'),
      vapid: vapid.claims,
      vapidPublicKey: vapid.publicKey,
      receivedAt: new Date(),
    });
    response.writeHead(201, { location: `${this.origin}/message/${randomUUID()}` }).end();
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY + 1) chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
