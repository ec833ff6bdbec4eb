import { checkAddress, ipLiteralOf } from '@pc/safe-fetch/address-check';
import { FetchRefusedError } from '@pc/safe-fetch/errors';
import { parseFetchPolicy, strictFetchPolicy, type FetchPolicy } from '@pc/safe-fetch/fetch-policy';
import { systemResolver, type Resolver } from '@pc/safe-fetch/pinned-lookup';
import { checkUrl } from '@pc/safe-fetch/url-check';

export type EndpointVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** How long a host may take to resolve (a resolver that never answers must not hold a subscription call). */
const LOOKUP_TIMEOUT_MS = 3_000;

/** Hosts our own local push service listens on (tests and `npm start`). */
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The local push service: loopback on whatever port the OS gave it. */
const LOCAL_PUSH_POLICY: FetchPolicy = parseFetchPolicy({
  FETCH_ALLOW_PRIVATE: '127.0.0.0/8,::1',
  FETCH_ALLOW_PORTS: '1024-65535',
});

const refused = (reason: string): EndpointVerdict => ({ ok: false, reason });

/** The guard's refusals in the words of a push endpoint's field error. */
const REASONS: Readonly<Partial<Record<FetchRefusedError['reason'], string>>> = {
  scheme: 'must be an https URL of a push service',
  port: 'must use port 443',
  credentials: 'must not carry credentials',
};

async function resolveInTime(resolver: Resolver, host: string): Promise<readonly string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`resolving ${host} took too long`)), LOOKUP_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([resolver(host), late])).map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Which push endpoints notifications stores and posts to (issue 43: an anonymous subscription to
 * https://10.0.0.1 or 169.254.169.254 made the service POST there; ADR 047c). A push service is a
 * public https host on port 443. The platform's SSRF guard (`@pc/safe-fetch`, ADR 039) decides
 * what is public — its URL check (credentials, IP literals) and its address table, for every
 * address the host resolves to — and `policy` is the guard policy the sending uses, so the
 * connection goes only to an address the guard checked (PushSender). `allowLocalHttp`
 * (PUSH_ALLOW_LOCAL_HTTP, our local push service) is the one exception: http on a loopback host.
 */
export class PushEndpointPolicy {
  /** The guard's policy for sending: strict, or loopback on any high port for the local push service. */
  readonly policy: FetchPolicy;
  private readonly resolver: Resolver;

  constructor(private readonly options: { readonly allowLocalHttp: boolean; readonly resolver?: Resolver }) {
    this.policy = options.allowLocalHttp ? LOCAL_PUSH_POLICY : strictFetchPolicy;
    this.resolver = options.resolver ?? systemResolver;
  }

  /** Whether a subscription may point here; checked when it is stored and again before each send. */
  async check(endpoint: string): Promise<EndpointVerdict> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return refused('must be an https URL of a push service');
    }
    const local = this.options.allowLocalHttp && url.protocol === 'http:' && LOOPBACK_NAMES.has(url.hostname);
    if (!local) {
      if (url.protocol !== 'https:') return refused('must be an https URL of a push service');
      if (url.port !== '' && url.port !== '443') return refused('must use port 443');
    }
    // Only the local push service's own URLs get the loopback exception; every other endpoint is checked strictly.
    const policy = local ? this.policy : strictFetchPolicy;
    try {
      checkUrl(url, policy);
    } catch (error) {
      if (error instanceof FetchRefusedError)
        return refused(REASONS[error.reason] ?? 'its host must be a public address');
      throw error;
    }
    if (ipLiteralOf(url.hostname) !== null) return { ok: true };
    let addresses: readonly string[];
    try {
      addresses = await resolveInTime(this.resolver, url.hostname);
    } catch {
      return refused('its host does not resolve');
    }
    if (addresses.length === 0 || !addresses.every((address) => checkAddress(address, policy).allowed))
      return refused('its host must be a public address');
    return { ok: true };
  }
}
