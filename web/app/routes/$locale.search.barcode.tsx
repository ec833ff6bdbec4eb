import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { ProductCard } from '~/components/cards/ProductCard';
import { BarcodeScanner } from '~/components/search/BarcodeScanner';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import type { ProductCardData } from '~/data/cards';
import { productList } from '~/data/lists.server';
import { serverT } from '~/i18n/server-t.server';
import { checkGtin } from '~/search/gtin';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

/**
 * {locale}/search/barcode?gtin=…: a GTIN query (spec §1: search by barcode). One product with
 * that barcode → its page; several → a list; none → said so; a wrong check digit → said so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  const raw = (new URL(request.url).searchParams.get('gtin') ?? '').replace(/[\s-]/g, '');
  const { t } = serverT(context.language);
  const none: ProductCardData[] = [];
  const base = { title: t('search.barcodeTitle'), gtin: raw };
  const check = checkGtin(raw);
  // A code that cannot be a barcode is said so here, never a not-found page.
  if (check !== 'valid') return { ...base, state: check, hits: none };
  const { data } = await productList(context, { gtin: raw, hitsPerPage: 10 });
  if (data.length === 1 && data[0]) throw redirect(data[0].route);
  return { ...base, state: data.length === 0 ? ('none' as const) : ('many' as const), hits: data };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title ?? 'Barcode');

export default function BarcodeSearch() {
  const data = useLoaderData<typeof loader>();
  const { t } = useSite();
  return (
    <main id="main" className="narrow">
      <h1>{data.title}</h1>
      <Form method="get" className="form" id="barcode-form">
        <label>
          {t('search.barcodeLabel')}
          <input
            name="gtin"
            inputMode="numeric"
            pattern="[0-9 \-]{8,20}"
            defaultValue={data.gtin}
            key={data.gtin}
            required
            autoComplete="off"
          />
        </label>
        {data.state === 'invalid' ? <p className="field-error">{t('search.barcodeInvalid')}</p> : null}
        {data.state === 'check-digit' ? <p className="field-error">{t('search.barcodeCheckDigit')}</p> : null}
        {data.state === 'none' ? <p className="notice">{t('search.barcodeNotFound')}</p> : null}
        <button type="submit" className="primary">
          {t('search.barcodeSubmit')}
        </button>
      </Form>
      <BarcodeScanner />
      {data.hits.length > 0 ? (
        <ul className="product-grid">
          {data.hits.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
