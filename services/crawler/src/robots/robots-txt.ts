import { escapePattern } from './robots-pattern.js';

/** One Allow or Disallow line of a group. */
export interface RobotsRule {
  readonly allow: boolean;
  /** The path pattern, escaped (robots-pattern.ts), as a byte string. */
  readonly pattern: string;
  /** 1-based line in the file. */
  readonly line: number;
  /** The line as written (without comment), for "which rule decided". */
  readonly text: string;
}

/** A group: consecutive User-agent lines and the rules after them (RFC 9309 §2.1). */
export interface RobotsGroup {
  /** The product tokens of its User-agent lines, as written ("*" for the global group). */
  readonly agents: readonly string[];
  readonly rules: readonly RobotsRule[];
  /** Crawl-delay in seconds when the group sets one (not in RFC 9309; widely used). */
  readonly crawlDelaySeconds: number | null;
}

export interface RobotsTxt {
  readonly groups: readonly RobotsGroup[];
  /** Sitemap URLs, wherever they appear in the file. */
  readonly sitemaps: readonly string[];
}

/** Longest line read; the rest of a longer line is ignored (as Google's parser does). */
const MAX_LINE = 2_083 * 8;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

type Directive = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'crawl-delay' | null;

/** Directive names, with the misspellings that are common enough to honour (RFC 9309 §2.2.4). */
function directiveOf(key: string): Directive {
  const name = key.toLowerCase();
  if (['user-agent', 'useragent', 'user agent'].some((form) => name.startsWith(form))) return 'user-agent';
  if (['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].some((form) => name.startsWith(form)))
    return 'disallow';
  if (name.startsWith('allow')) return 'allow';
  if (name.startsWith('sitemap') || name.startsWith('site-map')) return 'sitemap';
  if (name.startsWith('crawl-delay') || name.startsWith('crawldelay')) return 'crawl-delay';
  return null;
}

/** Splits "key: value"; a line without a colon but with exactly two words reads as "key value". */
function keyValueOf(line: string): { key: string; value: string } | null {
  const colon = line.indexOf(':');
  if (colon !== -1) return { key: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
  const words = line.split(/[ \t]+/);
  return words.length === 2 ? { key: words[0]!, value: words[1]! } : null;
}

/** Skips a UTF-8 byte order mark at the start, or the part of one that is there. */
function withoutBom(body: Buffer): Buffer {
  let skip = 0;
  while (skip < UTF8_BOM.length && body[skip] === UTF8_BOM[skip]) skip += 1;
  return body.subarray(skip);
}

interface OpenGroup {
  agents: string[];
  rules: RobotsRule[];
  crawlDelaySeconds: number | null;
}

/**
 * Parses a robots.txt body (RFC 9309). Works on bytes: the text is read one char per byte, so
 * rule lengths are octets and non-ASCII bytes escape exactly. Never fails: lines it does not
 * understand are ignored, as the RFC asks.
 */
export function parseRobotsTxt(body: Buffer | string): RobotsTxt {
  const text = withoutBom(typeof body === 'string' ? Buffer.from(body, 'utf8') : body).toString('latin1');
  const groups: OpenGroup[] = [];
  const sitemaps: string[] = [];
  let current: OpenGroup | null = null;
  let inAgentLines = false;
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const hash = raw.indexOf('#');
    const line = (hash === -1 ? raw : raw.slice(0, hash)).slice(0, MAX_LINE).trim();
    if (line === '') return;
    const pair = keyValueOf(line);
    if (!pair) return;
    const directive = directiveOf(pair.key);
    switch (directive) {
      case 'user-agent':
        if (!current || !inAgentLines) {
          current = { agents: [], rules: [], crawlDelaySeconds: null };
          groups.push(current);
        }
        current.agents.push(pair.value);
        inAgentLines = true;
        return;
      case 'allow':
      case 'disallow':
        if (!current) return;
        inAgentLines = false;
        current.rules.push(...rulesOf(directive === 'allow', pair.value, index + 1, line));
        return;
      case 'sitemap':
        if (pair.value) sitemaps.push(Buffer.from(pair.value, 'latin1').toString('utf8'));
        return;
      case 'crawl-delay': {
        const seconds = Number(pair.value);
        if (current && pair.value !== '' && Number.isFinite(seconds) && seconds >= 0)
          current.crawlDelaySeconds = seconds;
        return;
      }
      default:
        return;
    }
  });
  return { groups, sitemaps };
}

/**
 * The rules one line makes. An Allow of ".../index.html" (or index.htm) also allows the
 * directory itself, ".../$": the same page under its shorter address.
 */
function rulesOf(allow: boolean, value: string, line: number, text: string): RobotsRule[] {
  const rule = { allow, pattern: escapePattern(value), line, text };
  if (!allow) return [rule];
  const slash = value.lastIndexOf('/');
  if (slash === -1 || !value.slice(slash).startsWith('/index.htm')) return [rule];
  return [rule, { allow, pattern: escapePattern(`${value.slice(0, slash + 1)}$`), line, text }];
}
