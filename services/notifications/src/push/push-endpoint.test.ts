import type { Resolver } from '@pc/safe-fetch/pinned-lookup';
import { PushEndpointPolicy } from './push-endpoint.js';

/** A resolver with fixed answers (no DNS in unit tests); an unknown name does not resolve. */
const resolver =
  (names: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = names[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const DNS = resolver({
  'fcm.googleapis.com': ['142.250.180.10', '2a00:1450:400a:802::200a'],
  'updates.push.services.mozilla.com': ['34.117.65.55'],
  'rebind.example.test': ['93.184.216.34', '10.0.0.7'],
  'metadata.example.test': ['169.254.169.254'],
  'mapped.example.test': ['::ffff:192.168.1.1'],
  'cgnat.example.test': ['100.64.12.1'],
  'v6-local.example.test': ['fd00:ec2::254'],
});

describe('push endpoints (issue 43: SSRF through web push)', () => {
  const policy = new PushEndpointPolicy({ allowLocalHttp: false, resolver: DNS });

  it('accepts public https push services on port 443', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com:443/wpush/v2/x',
      'https://142.250.180.10/x',
    ]) {
      expect([endpoint, await policy.check(endpoint)]).toEqual([endpoint, { ok: true }]);
    }
  });

  it('finding: any https endpoint was accepted (10.0.0.1, 169.254.169.254, any port); now private, loopback, link-local, metadata, CGNAT and mapped addresses are refused', async () => {
    const refused: Record<string, string> = {
      'https://10.0.0.1/push': 'its host must be a public address',
      'https://169.254.169.254/latest/meta-data/': 'its host must be a public address',
      'https://127.0.0.1/x': 'its host must be a public address',
      'https://[::1]/x': 'its host must be a public address',
      'https://[::ffff:10.0.0.1]/x': 'its host must be a public address',
      'https://2130706433/x': 'its host must be a public address',
      'https://0x7f.1/x': 'its host must be a public address',
      'https://rebind.example.test/x': 'its host must be a public address',
      'https://metadata.example.test/x': 'its host must be a public address',
      'https://mapped.example.test/x': 'its host must be a public address',
      'https://cgnat.example.test/x': 'its host must be a public address',
      'https://v6-local.example.test/x': 'its host must be a public address',
      'https://fcm.googleapis.com:8443/x': 'must use port 443',
      'https://fcm.googleapis.com:22/x': 'must use port 443',
      'https://user:pass@fcm.googleapis.com/x': 'must not carry credentials',
      'http://fcm.googleapis.com/x': 'must be an https URL of a push service',
      'ftp://fcm.googleapis.com/x': 'must be an https URL of a push service',
      'not a url': 'must be an https URL of a push service',
      'https://nowhere.example.test/x': 'its host does not resolve',
    };
    for (const [endpoint, reason] of Object.entries(refused))
      expect([endpoint, await policy.check(endpoint)]).toEqual([endpoint, { ok: false, reason }]);
  });

  it('accepts http on loopback only when configured (our local push service)', async () => {
    const local = new PushEndpointPolicy({ allowLocalHttp: true, resolver: DNS });
    expect(await local.check('http://127.0.0.1:4100/push/x')).toEqual({ ok: true });
    expect(await local.check('http://10.0.0.1:4100/push/x')).toMatchObject({ ok: false });
    expect(await local.check('https://127.0.0.1/push/x')).toMatchObject({ ok: false });
    expect(await policy.check('http://127.0.0.1:4100/push/x')).toMatchObject({ ok: false });
  });

  it('sends under the guard’s strict policy, and under a loopback-only exception when configured', () => {
    expect(policy.policy).toEqual({ extraPorts: [], allowedRanges: [] });
    const local = new PushEndpointPolicy({ allowLocalHttp: true, resolver: DNS }).policy;
    expect(local.extraPorts).toEqual([{ from: 1024, to: 65_535 }]);
    expect(local.allowedRanges.map(([range, bits]) => `${range.toString()}/${bits}`)).toEqual([
      '127.0.0.0/8',
      '::1/128',
    ]);
  });
});
