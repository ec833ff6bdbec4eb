import { request as httpRequest } from 'node:http';
import { startPlatform, type RunningPlatform } from '../../scripts/e2e/platform-process';

/**
 * The site's edge as `npm start` runs it (server.mjs with the Remix build): the findings of issue
 * 43 that the real server answers, end to end. The unit tests of web/edge cover each rule; this
 * file covers that the server mounts them and that Remix's pages carry the nonce.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request as any client sends it (methods and bodies fetch would refuse). */
function send(
  site: string,
  method: string,
  path: string,
  body?: Buffer,
  headers: Record<string, string | number> = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${site}${path}`, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    // A reset before the answer is a failure: the edge reads a refused body to its end (lingering close).
    request.on('error', reject);
    if (body) request.write(body);
    request.end();
  });
}

describe('the site’s edge under npm start (issue 43)', () => {
  let platform: RunningPlatform;
  let site: string;

  beforeAll(async () => {
    platform = await startPlatform(12);
    site = platform.siteUrl;
  }, 180_000);

  afterAll(async () => {
    if (platform && platform.process.exitCode === null) await platform.interrupt();
  });

  it('finding: pages had no security headers; now every inline script of a page carries the nonce of its CSP', async () => {
    const page = await send(site, 'GET', '/en-ch/login');
    expect(page.status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>/g)]
      .map((match) => match[1] ?? '')
      .filter((attributes) => !/\bsrc=/.test(attributes) && !/application\/ld\+json/.test(attributes));
    expect(scripts.length).toBeGreaterThan(1);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(page.body).not.toMatch(/\sstyle="/);
    expect(page.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('finding: TRACE and PROPFIND answered 500; now 405', async () => {
    for (const method of ['TRACE', 'PROPFIND'])
      expect([method, (await send(site, method, '/en-ch')).status]).toEqual([method, 405]);
  });

  it('finding: a 12 MB JSON body was read and parsed before the 400; now 413 at once', async () => {
    const body = Buffer.alloc(12 * 1024 * 1024, 'a');
    const answer = await send(site, 'POST', '/api/favourites', body, {
      'content-type': 'application/json',
      'content-length': body.length,
    });
    expect(answer.status).toBe(413);
  });

  it('findings: /region?back=/%5Cevil.example resolved off-site, a newline in back answered 500, and login kept /%09/evil.example', async () => {
    for (const back of ['/%5Cevil.example', '/%0Aevil', '/%09/evil.example']) {
      const answer = await send(site, 'GET', `/region?country=ch&language=de&back=${back}`);
      expect([back, answer.status, answer.headers.location]).toEqual([back, 302, '/de-ch']);
    }
    const login = await send(site, 'GET', '/de-ch/login?redirect=/%09/evil.example');
    expect(login.body).toContain('name="redirect" value="/de-ch"');
  });

  it('finding: ?cb=N grew the micro-cache; now a page is one entry whatever parameters it ignores', async () => {
    await send(site, 'GET', '/en-ch/brands?cb=1');
    for (let n = 2; n <= 4; n += 1)
      expect((await send(site, 'GET', `/en-ch/brands?cb=${n}`)).headers['x-cache']).toBe('hit');
  });
});
