import { createSocket, type Socket } from 'node:dgram';
import { AUTHORITATIVE_ANSWER, decode, encode, type Answer } from 'dns-packet';

const NXDOMAIN = 3;

export interface DnsServer {
  /** `127.0.0.1:port`, the authority of a `dns://127.0.0.1:port/name:port` gRPC target. */
  readonly address: string;
  /** Sets the IPv4 addresses a name resolves to (its A records); none removes the name. */
  setAddresses(name: string, addresses: readonly string[]): void;
  close(): Promise<void>;
}

/**
 * A small authoritative DNS server over UDP (dns-packet encodes and decodes), so a test can put
 * several server processes behind one name the way a Kubernetes headless service does, and
 * change the name's addresses while a client runs. Unknown names are NXDOMAIN; known ones have
 * A records only (AAAA and TXT questions get an empty answer), with a TTL of 1 s.
 */
export async function startDnsServer(): Promise<DnsServer> {
  const names = new Map<string, readonly string[]>();
  const socket: Socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    const query = decode(message);
    const question = query.questions?.[0];
    const addresses = question ? names.get(question.name.toLowerCase()) : undefined;
    const answers: Answer[] =
      question?.type === 'A' && addresses
        ? addresses.map((data) => ({ type: 'A', class: 'IN', name: question.name, ttl: 1, data }))
        : [];
    const flags = AUTHORITATIVE_ANSWER | (addresses ? 0 : NXDOMAIN);
    socket.send(
      encode({ type: 'response', id: query.id, flags, questions: query.questions, answers }),
      peer.port,
      peer.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setAddresses: (name, addresses) => {
      if (addresses.length === 0) names.delete(name.toLowerCase());
      else names.set(name.toLowerCase(), [...addresses]);
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
