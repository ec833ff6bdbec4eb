import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CONTENT = resolve(__dirname, '../../../content/markdown');
type Module = typeof import('./markdown-page.server');
let markdown: Module;

beforeAll(async () => {
  // The endpoint reads its folder from the BFF config, which is read once on first import.
  process.env.MARKDOWN_DIR = CONTENT;
  markdown = await import('./markdown-page.server');
});

const call = (source: string, query = '') =>
  markdown.markdownPage({ url: new URL(`http://site.test/api/markdown/${source}${query}`), params: { source } });

describe('our markdown pages', () => {
  it('has every page of spec §2.3 in English and German, rendered to HTML with a heading', async () => {
    const files = readdirSync(CONTENT);
    for (const source of ['company', 'mission', 'terms-of-use', 'data-protection', 'imprint']) {
      for (const language of ['en', 'de']) {
        expect(files).toContain(`${source}.${language}.md`);
        const page = await markdown.readMarkdownPage(CONTENT, source, language);
        expect(page?.language).toBe(language);
        expect(markdown.renderMarkdown(page?.markdown ?? '')).toMatch(/^<h1>[^<]+<\/h1>/);
      }
    }
  });

  it('falls back to English when the language has no text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'markdown-'));
    try {
      writeFileSync(join(dir, 'faq.en.md'), '# FAQ\n\n*Prices* are in minor units.');
      expect(await markdown.readMarkdownPage(dir, 'faq', 'it')).toEqual({
        source: 'faq',
        language: 'en',
        markdown: expect.stringContaining('# FAQ'),
      });
      expect(await markdown.readMarkdownPage(dir, 'missing', 'de')).toBeNull();
      expect(markdown.renderMarkdown('*Prices* are in minor units.')).toBe(
        '<p><em>Prices</em> are in minor units.</p>\n',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves { data: { source, language, html } } in the locale language, cached for an hour', async () => {
    const response = await call('mission', '?locale=de-ch');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const { data } = await response.json();
    expect(data).toEqual({
      source: 'mission',
      language: 'de',
      html: expect.stringContaining('<h1>Unsere Mission</h1>'),
    });
  });

  it('answers 404 for an unknown source and 400 for anything that is not a plain name', async () => {
    expect((await call('no-such-page')).status).toBe(404);
    for (const source of ['../../package', '..%2F..%2Fpackage', 'Company', 'company.en', '']) {
      await expect(call(source)).rejects.toMatchObject({ errors: [expect.objectContaining({ field: 'source' })] });
    }
    await expect(markdown.readMarkdownPage(CONTENT, '../config', 'en')).rejects.toThrow('not a markdown source');
  });
});
