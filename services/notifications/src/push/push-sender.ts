import { fetchErrorLabel, FetchRefusedError } from '@pc/safe-fetch/errors';
import { SafeFetcher } from '@pc/safe-fetch/safe-fetcher';
import webpush from 'web-push';
import type { PushEndpointPolicy } from './push-endpoint.js';
import type { VapidKeys } from './vapid-keys.js';

/** A stored subscription's address and keys. */
export interface PushTarget {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

export type PushOutcome =
  | { readonly kind: 'delivered' }
  | { readonly kind: 'gone'; readonly status: number }
  | { readonly kind: 'failed'; readonly error: string };

export interface PushSenderOptions {
  readonly vapid: VapidKeys;
  /** The VAPID contact (mailto: or https: URL). */
  readonly subject: string;
  readonly timeoutMs: number;
  /** Seconds a push service keeps an undelivered message. */
  readonly ttlSeconds?: number;
  /** Which endpoints may be reached, checked again before each send (the host may resolve elsewhere by now). */
  readonly endpoints: PushEndpointPolicy;
}

/**
 * Web Push delivery: the `web-push` package encrypts the payload (RFC 8291, aes128gcm) and signs
 * the VAPID JWT (RFC 8292) through its generateRequestDetails; we send that request through the
 * platform's SSRF guard (`@pc/safe-fetch`), which connects only to an address it checked (no
 * DNS-rebinding window) and keeps the timeout and the answer in our hands. The endpoint passes
 * the push policy first; a redirect is never followed (a push service answers, it does not
 * redirect — and a redirect could lead to a private address). 404/410 mean the subscription is
 * gone (to be removed).
 */
export class PushSender {
  /** The SSRF guard, with the endpoints' policy; it answers a redirect instead of following it. */
  private readonly fetcher: SafeFetcher;

  constructor(private readonly options: PushSenderOptions) {
    this.fetcher = new SafeFetcher({
      policy: options.endpoints.policy,
      limits: { maxRedirects: 0, maxBytes: 64 * 1024 },
    });
  }

  async send(target: PushTarget, payload: string): Promise<PushOutcome> {
    const verdict = await this.options.endpoints.check(target.endpoint);
    if (!verdict.ok) return { kind: 'failed', error: `push endpoint refused: ${verdict.reason}` };
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { ...target.keys } }, payload, {
        vapidDetails: {
          subject: this.options.subject,
          publicKey: this.options.vapid.publicKey,
          privateKey: this.options.vapid.privateKey,
        },
        TTL: this.options.ttlSeconds ?? 24 * 3600,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      });
    } catch (error) {
      return { kind: 'failed', error: `cannot encrypt for this subscription: ${(error as Error).message}` };
    }
    try {
      const response = await this.fetcher.fetch(details.endpoint, {
        method: 'POST',
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : undefined,
        timeoutMs: this.options.timeoutMs,
      });
      await response.buffer();
      if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
      if (response.status >= 200 && response.status < 300) return { kind: 'delivered' };
      return { kind: 'failed', error: `push service answered ${response.status}` };
    } catch (error) {
      if (error instanceof FetchRefusedError)
        return { kind: 'failed', error: `push endpoint refused: ${error.message}` };
      return { kind: 'failed', error: `push service unreachable: ${fetchErrorLabel(error)}` };
    }
  }

  /** Closes the kept-alive connections to push services. */
  close(): Promise<void> {
    return this.fetcher.close();
  }
}
