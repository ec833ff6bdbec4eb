import type { LoaderFunctionArgs } from '@remix-run/node';
import { DEFAULT_LOCALE } from '~/i18n/locales';

/** GET /opensearch.xml: lets browsers add the site search (the masthead links it). */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">
  <ShortName>pricecompare</ShortName>
  <Description>Compare prices across Europe</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Image width="16" height="16" type="image/svg+xml">${origin}/img/placeholder/shop-pricecompare.svg</Image>
  <Url type="text/html" method="get" template="${origin}/${DEFAULT_LOCALE}/search?search={searchTerms}"/>
  <Url type="application/json" rel="results" template="${origin}/api/products?search={searchTerms}&amp;locale=${DEFAULT_LOCALE}"/>
  <moz:SearchForm>${origin}/${DEFAULT_LOCALE}/search</moz:SearchForm>
</OpenSearchDescription>
`;
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/opensearchdescription+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    },
  });
}
