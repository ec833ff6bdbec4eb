import { load, type CheerioAPI } from 'cheerio';

/** A fetched HTML page, parsed once for every reader of it. */
export interface HtmlPage {
  readonly url: string;
  readonly html: string;
  readonly $: CheerioAPI;
}

/** Parses with htmlparser2 (cheerio's fast parser; the structured-data reader uses it too). */
export function loadHtmlPage(html: string, url: string): HtmlPage {
  return { url, html, $: load(html, { xml: { xmlMode: false, decodeEntities: true } }) };
}
