import { crawlStartOf, formatCrawlInterval, shopHostsOf, startLines, startUrlOf } from './crawl-starts';

describe('the start URLs of a crawl staff schedule', () => {
  it('reads one URL a line, blank lines left out', () => {
    expect(startLines(' https://shop.ch/ \r\n\n  https://shop.ch/kategorie/lampen\n')).toEqual([
      'https://shop.ch/',
      'https://shop.ch/kategorie/lampen',
    ]);
  });

  it('takes absolute http(s) URLs without credentials as the crawler does, and nothing else', () => {
    expect(startUrlOf('https://Shop.CH/a#top')?.href).toBe('https://shop.ch/a');
    for (const refused of ['ftp://shop.ch/', 'shop.ch/', '/kategorie', 'https://user:pw@shop.ch/', 'not a url'])
      expect(startUrlOf(refused)).toBeNull();
    expect(startUrlOf(`https://shop.ch/${'a'.repeat(2_100)}`)).toBeNull();
  });

  it('crawls a whole site from its root, and any other page from that page', () => {
    expect(crawlStartOf(new URL('https://www.shop.ch'))).toEqual({
      kind: 'site',
      url: 'https://www.shop.ch/',
      host: 'www.shop.ch',
    });
    expect(crawlStartOf(new URL('http://127.0.0.1:8701/?page=2'))).toMatchObject({
      kind: 'page',
      host: '127.0.0.1:8701',
    });
    expect(crawlStartOf(new URL('https://shop.ch/kategorie/lampen')).kind).toBe('page');
  });

  it("files the same hosts under a shop as the crawler: its homepage's, its domain and the domain's www", () => {
    expect(shopHostsOf('shop.ch', 'https://www.shop.ch/de/')).toEqual(['www.shop.ch', 'shop.ch']);
    expect(shopHostsOf('shop.ch', 'https://shop.ch:8443/')).toEqual(['shop.ch:8443', 'shop.ch', 'www.shop.ch']);
    expect(shopHostsOf('127.0.0.1', 'http://127.0.0.1:8701/')).toEqual(['127.0.0.1:8701', '127.0.0.1']);
    expect(shopHostsOf('', 'not a url')).toEqual([]);
  });

  it('shows whole days as days, shorter intervals as the URL schedule does', () => {
    expect(formatCrawlInterval(86_400, 'en')).toBe('1 day');
    expect(formatCrawlInterval(604_800, 'de')).toBe('7 Tage');
    expect(formatCrawlInterval(21_600, 'en')).toBe('6 hr');
  });
});
