// A small shared cache in front of the site, as a CDN edge would be (ADR 013): GET pages whose
// route says `Cache-Control: … s-maxage=N[, stale-while-revalidate=M]` are kept N seconds and
// served from memory; for M more seconds a stale copy is served while one background request
// renders a fresh one; concurrent misses of one page wait for a single render. Public pages vary
// only on the interface-language cookie, which is part of the key. A signed-in visitor is served
// the stored pages too (they name no one; the page fetches the visitor's chrome, ADR 083), but
// what is rendered for them is never stored, and for a minute after they changed something they
// get pages rendered for them; a request with any other cookie passes by. The key holds only the
// query parameters the page reads: its route names them in `X-Cache-Query` (`sharedCache` in
// app/site/cache-headers.ts), learned per path from its first answer, so `?cb=N` cannot grow the
// cache (issue 43). Bounded: the least recently stored entries go first. A page may name what it
// shows in `X-Cache-Tags` (`product:<id>`, `shop:<id>`): `taggedKeys` finds the stored pages
// showing one thing and `refreshKey` renders one again in the background, so that a change
// announced on the event bus reaches the cache at once (ADR 082). A stored page is compressed once
// for each encoding browsers ask for (edge/stored-encodings.cjs, ADR 085), not on every hit.
// Site processes serving one port keep the same pages (ADR 092): a page one of them stores or
// forgets is given to the others through `peers`, so a visitor's hit does not depend on which
// process took the connection, and a changed page is rendered once, not once per process.
// CommonJS, so that the unit tests (jest, CommonJS) load the same file the server does.
'use strict';
const { OWN_TOKEN: REFRESH_TOKEN, isOwnRequest } = require('./edge/own-requests.cjs');
const { encodedBody, encodingFor } = require('./edge/stored-encodings.cjs');
const PUBLIC_COOKIES = new Set(['lang', 'recently_viewed_products']);
/**
 * A signed-in visitor's cookies (the session, its marker, the CSRF token): a stored page may be
 * served to them, since it names no one and the page fetches their chrome itself (ADR 083), but
 * a page rendered for them names them, so it is never stored nor waited for.
 */
const SESSION_COOKIES = new Set(['pc_session', 'pc_signed_in', 'XSRF-TOKEN']);
/**
 * Writes that change only the visitor's own things (their lists, alerts, notifications, recently
 * viewed products, session, profile or password), never what pages show to everyone: they do
 * not make the visitor a writer (below). A page's form posts to its path, or to `<path>.data`
 * from a running page (Remix's single fetch).
 */
const PERSONAL_WRITES =
  /^\/(?:api\/(?:recently-viewed|favourites|alerts|subscribe|unsubscribe|notify|notifications|events|auth|account\/password)(?:[/?]|$)|auth\/|account(?:\/(?:favourites|alerts))?(?:\.data)?(?:\?|$))/;
/** Answers saying the page is gone or has moved: a stored copy of it goes too. */
const GONE = new Set([301, 302, 303, 307, 308, 404, 410]);
const REFRESH_HEADER = 'x-micro-cache-refresh';
/** The query parameters a page reads, as its route declares them (`name` or `prefix[*]`); not sent on. */
const QUERY_HEADER = 'x-cache-query';
/** What a page shows, space-separated tags (`product:<id> shop:<id>`); not sent on. */
const TAGS_HEADER = 'x-cache-tags';
/** Every page reads `lang` (the root's interface language, spec §2.5); Remix's data requests name their routes. */
const ALWAYS_READ = ['lang', '_routes', 'index', '_data'];

/** Whether a parameter name is one of the declared names (`refinements[*]` stands for every `refinements[…]`). */
const reads = (declared, name) =>
  declared.some((entry) => (entry.endsWith('[*]') ? name.startsWith(entry.slice(0, -2)) : name === entry));

/** The path and the declared parameters of a URL, in a stable order (a name's repeated values keep theirs). */
function pageKey(url, declared) {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  const kept = [...params].filter(([name]) => reads(declared, name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length > 0 ? `${path}?${new URLSearchParams(kept)}` : path;
}

const pathOf = (url) => url.split('?', 1)[0];

/** A background refresh the cache asked of its own site (not counted as a visitor's request). */
const isRefreshRequest = (request) => isOwnRequest(request, REFRESH_HEADER);

function cookiesOf(header) {
  const cookies = new Map();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return cookies;
}

const seconds = (cacheControl, directive) => Number(new RegExp(`${directive}=(\\d+)`).exec(cacheControl)?.[1] ?? 0);

/**
 * `writerMs`: after a signed-in visitor changed something others see (a request but GET and HEAD,
 * not a PERSONAL_WRITES one), their pages are rendered for them this long — longer than a page
 * stays stored — so that they see what they wrote at once (a deleted shop is gone), not a stored
 * copy. `peers`: the other site processes (`publish(change)`; their changes come to `receive`), or
 * null when this process serves alone.
 */
function microCache({
  origin,
  maxEntries = 2000,
  now = () => Date.now(),
  fetchImpl = fetch,
  waitMs = 5_000,
  writerMs = 60_000,
  peers = null,
}) {
  const entries = new Map();
  /** key → promise of the render under way (a miss or a background refresh). */
  const rendering = new Map();
  /** key → until when its answers are known not to be shareable. */
  const uncacheable = new Map();
  /** path → the query parameters its page reads (from its last stored answer). */
  const declarations = new Map();
  /** tag → keys of the stored pages that name it. */
  const tagged = new Map();
  /** session → until when its pages are rendered for it (it wrote). */
  const writers = new Map();
  const stats = { hits: 0, stale: 0, misses: 0, coalesced: 0, stored: 0, received: 0, personal: 0, refreshes: 0 };

  /** Takes a page out of this process's cache only (its peers decide for themselves: eviction). */
  function drop(key) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) tagged.delete(tag);
    }
  }

  function store(key, entry) {
    drop(key);
    entries.set(key, entry);
    for (const tag of entry.tags) {
      if (!tagged.has(tag)) tagged.set(tag, new Set());
      tagged.get(tag).add(key);
    }
    if (entries.size > maxEntries) drop(entries.keys().next().value);
  }

  function learn(path, declared) {
    declarations.delete(path);
    declarations.set(path, declared);
    if (declarations.size > maxEntries) declarations.delete(declarations.keys().next().value);
  }

  /** Stores a page this process rendered, and gives it to the peers (their visitors get it too). */
  function keep(key, entry, declaration) {
    store(key, entry);
    stats.stored += 1;
    peers?.publish({ kind: 'stored', key, entry, declaration });
  }

  /** Takes a page out of every process's cache (it is gone, or changed and will not be rendered again). */
  function forget(key) {
    drop(key);
    peers?.publish({ kind: 'forgotten', key });
  }

  /**
   * Tells the peers that what `tags` name changed, with the keys of the pages showing it that this
   * process holds and so renders again (the process that follows the changes, ADR 092). A peer
   * drops the pages showing it that are not among them: this process never got them (it was
   * started again after they were stored) or let them go, and no one would render them again.
   */
  function announceChange(tags) {
    const held = new Set();
    for (const tag of tags) for (const key of tagged.get(tag) ?? []) held.add(key);
    peers?.publish({ kind: 'changed', tags, held: [...held] });
  }

  /**
   * A peer's change: a page it rendered (its stored copy, with the parameters its path reads), a
   * page it forgot, a change it will render again the pages of it holds, or a signed-in visitor who
   * wrote.
   */
  function receive(change) {
    if (change.kind === 'forgotten') return drop(change.key);
    if (change.kind === 'changed') {
      const held = new Set(change.held);
      for (const tag of change.tags) for (const key of [...(tagged.get(tag) ?? [])]) if (!held.has(key)) drop(key);
      return;
    }
    if (change.kind === 'writer') return writerUntil(change.session, change.until);
    if (change.kind !== 'stored') return;
    const { entry, declaration } = change;
    // The channel's serialization hands a Buffer over as a plain Uint8Array.
    const body = Buffer.from(entry.body.buffer, entry.body.byteOffset, entry.body.byteLength);
    if (declaration) learn(declaration.path, declaration.declared);
    store(change.key, { ...entry, body });
    stats.received += 1;
  }

  function serve(request, response, entry, state) {
    response.status(entry.status);
    for (const [name, value] of entry.headers) response.setHeader(name, value);
    response.setHeader('Age', String(Math.floor((now() - entry.storedAt) / 1000)));
    response.setHeader('X-Cache', state);
    // Compressed once per stored page, not on every hit (the compression middleware passes an
    // answer that already names its encoding).
    const encoding = encodingFor(request, entry.body);
    if (!encoding) return response.end(entry.body);
    response.setHeader('Content-Encoding', encoding);
    response.end(encodedBody(entry, encoding));
  }

  /** Renders the page again in the background; resolves once that render ended (stored or not). */
  function refresh(key, url, lang) {
    if (rendering.has(key)) return rendering.get(key);
    const headers = { [REFRESH_HEADER]: REFRESH_TOKEN, ...(lang ? { cookie: `lang=${lang}` } : {}) };
    const done = fetchImpl(`${origin}${url}`, { headers, signal: AbortSignal.timeout(waitMs * 2) })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    rendering.set(key, done);
    void done.finally(() => rendering.delete(key));
    return done;
  }

  function capture(request, response, key, lang, settle) {
    const chunks = [];
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    /** The parameters the page says it reads, taken off the answer before its headers go out; null if it says nothing. */
    let declared;
    /** What the page shows (X-Cache-Tags). */
    let tags = [];
    /** The render began now: it read the data of this moment or later. */
    const renderedFrom = now();
    const readDeclaration = () => {
      if (declared !== undefined) return;
      const header = response.getHeader(QUERY_HEADER);
      declared =
        header === undefined
          ? null
          : String(header)
              .split(',')
              .map((name) => name.trim())
              .filter(Boolean);
      if (header !== undefined) response.removeHeader(QUERY_HEADER);
      const tagHeader = response.getHeader(TAGS_HEADER);
      tags = tagHeader === undefined ? [] : String(tagHeader).split(/\s+/).filter(Boolean);
      if (tagHeader !== undefined) response.removeHeader(TAGS_HEADER);
    };
    response.write = (chunk, ...rest) => {
      readDeclaration();
      if (chunk) chunks.push(Buffer.from(chunk));
      return write(chunk, ...rest);
    };
    response.end = (chunk, ...rest) => {
      readDeclaration();
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      const cacheControl = String(response.getHeader('cache-control') ?? '');
      const fresh = seconds(cacheControl, 's-maxage');
      if (response.statusCode === 200 && fresh > 0 && !response.getHeader('set-cookie')) {
        const headers = Object.entries(response.getHeaders()).filter(
          ([name]) =>
            !['content-length', 'content-encoding', 'x-cache', 'transfer-encoding', QUERY_HEADER, TAGS_HEADER].includes(
              name,
            ),
        );
        const storedAt = now();
        let storeKey = key;
        const declaration = declared ? { path: pathOf(request.originalUrl), declared } : null;
        if (declaration) {
          learn(declaration.path, declared);
          storeKey = `${pageKey(request.originalUrl, [...ALWAYS_READ, ...declared])}|${lang}`;
        }
        keep(
          storeKey,
          {
            status: 200,
            headers,
            body: Buffer.concat(chunks),
            storedAt,
            expires: storedAt + fresh * 1000,
            staleUntil: storedAt + (fresh + seconds(cacheControl, 'stale-while-revalidate')) * 1000,
            renderedFrom,
            url: request.originalUrl,
            lang,
            tags,
          },
          declaration,
        );
      } else {
        if (GONE.has(response.statusCode)) forget(key);
        // Not shareable (no s-maxage, an error, a cookie): concurrent requests for it render in
        // parallel for a while instead of queueing behind one another.
        uncacheable.set(key, now() + 30_000);
        if (uncacheable.size > maxEntries) uncacheable.delete(uncacheable.keys().next().value);
      }
      settle();
      return end(chunk, ...rest);
    };
    response.once('close', settle);
  }

  function writerUntil(session, until) {
    writers.delete(session);
    writers.set(session, until);
    if (writers.size > maxEntries * 5) writers.delete(writers.keys().next().value);
  }

  /** The visitor's next pages, whichever process serves them, are rendered for them. */
  function noteWriter(session) {
    const until = now() + writerMs;
    writerUntil(session, until);
    peers?.publish({ kind: 'writer', session, until });
  }

  function middleware(request, response, next) {
    const cookies = cookiesOf(request.headers.cookie);
    const session = cookies.get('pc_session');
    if (request.method !== 'GET') {
      if (session && request.method !== 'HEAD' && !PERSONAL_WRITES.test(request.originalUrl)) noteWriter(session);
      return next();
    }
    if (request.headers['cache-control']?.includes('no-cache')) return next();
    if (session && writers.get(session) > now()) return next();
    const names = [...cookies.keys()];
    if (names.some((name) => !PUBLIC_COOKIES.has(name) && !SESSION_COOKIES.has(name))) return next();
    const signedIn = names.some((name) => SESSION_COOKIES.has(name));
    const lang = cookies.get('lang') ?? '';
    const declared = declarations.get(pathOf(request.originalUrl));
    // Until the page's first answer names the parameters it reads, its whole URL stands for it.
    const key = `${declared ? pageKey(request.originalUrl, [...ALWAYS_READ, ...declared]) : request.originalUrl}|${lang}`;
    const isRefresh = isRefreshRequest(request);
    const entry = entries.get(key);
    if (!isRefresh && entry) {
      if (entry.expires > now()) {
        stats.hits += 1;
        return serve(request, response, entry, 'hit');
      }
      if (entry.staleUntil > now()) {
        stats.stale += 1;
        refresh(key, request.originalUrl, lang);
        return serve(request, response, entry, 'stale');
      }
    }
    if (signedIn) {
      stats.personal += 1;
      return next();
    }
    const under = rendering.get(key);
    if (!isRefresh && under) {
      // Another request renders this page right now: wait for it rather than render it again.
      stats.coalesced += 1;
      // At most `waitMs`: a render that hangs must not hold every visitor of the page.
      const waited = new Promise((resolve) => setTimeout(resolve, waitMs).unref?.());
      return void Promise.race([under, waited]).then(() => {
        const fresh = entries.get(key);
        if (fresh && fresh.expires > now()) serve(request, response, fresh, 'hit');
        else {
          response.setHeader('X-Cache', 'miss');
          next();
        }
      });
    }
    // A refresh is the cache's own render (stale-while-revalidate, a changed page), not a visitor's miss.
    if (isRefresh) stats.refreshes += 1;
    else stats.misses += 1;
    response.setHeader('X-Cache', 'miss');
    if (!isRefresh && !(uncacheable.get(key) > now())) {
      let resolve = () => {};
      const done = new Promise((r) => (resolve = r));
      rendering.set(key, done);
      const settle = () => {
        if (rendering.get(key) === done) rendering.delete(key);
        resolve();
      };
      capture(request, response, key, lang, settle);
    } else capture(request, response, key, lang, () => {});
    next();
  }
  /** The keys of the stored pages that name `tag`. */
  const taggedKeys = (tag) => [...(tagged.get(tag) ?? [])];

  /**
   * Renders a stored page again (visitors get the stored copy meanwhile); resolves once the render
   * ended. Nothing to do, false, when the page has left the cache, is past its stale time (no
   * visitor gets it any more: it goes now, and its next visitor renders it), or its render began
   * at or after `since` (ms, this cache's clock): it already shows what changed then.
   */
  async function refreshKey(key, since = Infinity) {
    // Twice at most: a render already under way (a visitor's) may have begun before the change.
    for (let round = 0; round < 2; round += 1) {
      const entry = entries.get(key);
      if (entry && entry.staleUntil <= now()) drop(key);
      if (!entry || entry.staleUntil <= now() || entry.renderedFrom >= since) return round > 0;
      await refresh(key, entry.url, entry.lang);
    }
    return true;
  }

  return { middleware, stats, size: () => entries.size, taggedKeys, refreshKey, forget, announceChange, receive };
}

module.exports = { microCache, isRefreshRequest, QUERY_HEADER, TAGS_HEADER, REFRESH_HEADER, REFRESH_TOKEN };
