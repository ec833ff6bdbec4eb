import { checkRobots, crawlDelayFor } from './robots-matcher.js';
import { escapePattern, patternMatches, robotsPathOf } from './robots-pattern.js';
import { parseRobotsTxt } from './robots-txt.js';

const robots = parseRobotsTxt(
  [
    'Sitemap: https://shop.example/sitemap.xml',
    'User-agent: *',
    'Disallow: /cart',
    'Disallow: /*?sessionid=',
    'Crawl-delay: 2',
    '',
    'User-agent: PriceCompareBot',
    'User-agent: OtherBot',
    'Allow: /cart/public',
    'Disallow: /checkout$',
    'Disallow: /private # staff only',
    'Crawl-delay: 0.5',
    'sitemap: https://shop.example/products.xml',
  ].join('\n'),
);

describe('robots.txt for a crawler', () => {
  it('uses the group naming our product token and ignores the * group then', () => {
    expect(checkRobots(robots, 'PriceCompareBot', 'https://shop.example/cart').allowed).toBe(true);
    expect(checkRobots(robots, 'pricecomparebot', 'https://shop.example/private/x').allowed).toBe(false);
    expect(checkRobots(robots, 'SomeBot', 'https://shop.example/cart').allowed).toBe(false);
  });

  it('names the rule, its line and the group that decided', () => {
    const verdict = checkRobots(robots, 'PriceCompareBot', 'https://shop.example/private/area?x=1');
    expect(verdict).toMatchObject({
      allowed: false,
      group: 'PriceCompareBot',
      rule: { line: 11, text: 'Disallow: /private' },
    });
    expect(checkRobots(robots, 'PriceCompareBot', 'https://shop.example/products/1')).toEqual({
      allowed: true,
      rule: null,
      group: 'PriceCompareBot',
    });
  });

  it('anchors $ at the end and lets * stand for any run', () => {
    expect(checkRobots(robots, 'PriceCompareBot', 'https://shop.example/checkout').allowed).toBe(false);
    expect(checkRobots(robots, 'PriceCompareBot', 'https://shop.example/checkout/step-2').allowed).toBe(true);
    expect(checkRobots(robots, 'SomeBot', 'https://shop.example/p/1?sessionid=9').allowed).toBe(false);
    expect(checkRobots(robots, 'SomeBot', 'https://shop.example/p/1?page=2').allowed).toBe(true);
  });

  it('reads Crawl-delay per group and sitemaps from anywhere', () => {
    expect(crawlDelayFor(robots, 'PriceCompareBot')).toBe(0.5);
    expect(crawlDelayFor(robots, 'SomeBot')).toBe(2);
    expect(robots.sitemaps).toEqual(['https://shop.example/sitemap.xml', 'https://shop.example/products.xml']);
  });

  it('allows everything for an empty file and for rules before any User-agent line', () => {
    expect(checkRobots(parseRobotsTxt(''), 'PriceCompareBot', 'https://shop.example/').allowed).toBe(true);
    expect(
      checkRobots(parseRobotsTxt('Disallow: /\nUser-agent: x\n'), 'PriceCompareBot', 'https://shop.example/').allowed,
    ).toBe(true);
  });

  it('takes the longest match, Allow winning a tie', () => {
    const tie = parseRobotsTxt('User-agent: *\nDisallow: /page\nAllow: /page\nDisallow: /page/deep\n');
    expect(checkRobots(tie, 'Bot', 'https://s.example/page').allowed).toBe(true);
    expect(checkRobots(tie, 'Bot', 'https://s.example/page/deep/1').allowed).toBe(false);
  });
});

describe('robots patterns', () => {
  it('escape non-ASCII bytes and normalise escapes', () => {
    expect(escapePattern(Buffer.from('/ツ/%e3', 'utf8').toString('latin1'))).toBe('/%E3%83%84/%E3');
  });

  it('match prefixes, * runs and the $ anchor without backtracking blow-up', () => {
    expect(patternMatches('/a/b/c', '/a')).toBe(true);
    expect(patternMatches('/a/b/c', '/*/c$')).toBe(true);
    expect(patternMatches('/a/b/cd', '/*/c$')).toBe(false);
    expect(patternMatches(`/${'a'.repeat(2_000)}`, `/${'*a'.repeat(200)}b`)).toBe(false);
  });

  it('read the path, parameters and query of a URL, never its fragment', () => {
    expect(robotsPathOf('https://s.example/p/1;v=2?q=3#top')).toBe('/p/1;v=2?q=3');
    expect(robotsPathOf('https://s.example')).toBe('/');
    expect(robotsPathOf('https://s.example?q=1')).toBe('/?q=1');
  });
});
