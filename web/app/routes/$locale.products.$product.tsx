import { data as withHeaders, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ProductRow } from '~/components/cards/ProductRow';
import { useCount } from '~/components/common/Count';
import { Price } from '~/components/common/Price';
import { Rating } from '~/components/common/Rating';
import { Breadcrumbs } from '~/components/layout/Breadcrumbs';
import { Description } from '~/components/product/Description';
import { Gallery } from '~/components/product/Gallery';
import { OffersSection } from '~/components/product/OffersSection';
import { PricesAbroad } from '~/components/product/PricesAbroad';
import { PriceHistory } from '~/components/product/PriceHistory';
import { PriceTrend } from '~/components/product/PriceTrend';
import { ProductActions } from '~/components/product/ProductActions';
import { ProductFeatures } from '~/components/product/ProductFeatures';
import { ProductJsonLd, productJsonLd } from '~/components/product/ProductJsonLd';
import { ProductVariants } from '~/components/product/ProductVariants';
import { Reviews } from '~/components/product/Reviews';
import { SummaryBar } from '~/components/product/SummaryBar';
import { useRememberProduct } from '~/components/product/use-remember-product';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { productPage } from '~/data/product-page.server';
import { clickOutHref } from '~/product/click-out';
import { AdSlot } from '~/components/ads/AdSlot';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { isWarmUpRender } from '~/site/warm-up.server';
import { useSite } from '~/site/use-site';
import { PRICES_SHARED_SECONDS, cacheTags, categoryTags, sharedCache } from '~/site/cache-headers';
import { trailOf } from '~/data/product-page-parts.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const data = await productPage(siteContext(request, params.locale), params.product ?? '', url, {
    warmUp: isWarmUpRender(context),
  });
  return withHeaders(
    {
      ...data,
      jsonLd: productJsonLd(data.product, data.highestPrice, url.origin, {
        chips: data.variants,
        groupId: data.productGroupId,
      }),
      canonical: `${url.origin}${data.product.route}`,
      showAll: url.searchParams.get('all') === '1',
    },
    // Rendered again in the micro-cache when an offer, the price summary or the product changes,
    // or a category of its trail (ADR 131), or one of its variants (their prices, ADR 138), or a
    // product joins its model.
    {
      headers: cacheTags(
        `product:${data.product.id}`,
        ...categoryTags(trailOf(data.product)),
        ...(data.variants ?? []).filter((chip) => !chip.current).map((chip) => `product:${chip.id}`),
        ...data.modelTags,
      ),
    },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        ...pageMeta(data.product.name, data.product.description.slice(0, 160) || undefined),
        { tagName: 'link', rel: 'canonical', href: data.canonical },
      ]
    : pageMeta('Product');

/** {locale}/products/{slug-p{id}}: the product page of spec §2.7. */
export default function ProductPage() {
  const data = useLoaderData<typeof loader>();
  const { product } = data;
  const { t, route } = useSite();
  const count = useCount();
  useRememberProduct(product);
  const trail = [
    ...product.breadcrumbs.map((c) => ({ name: c.name, href: c.route })),
    { name: product.name, href: product.route },
  ];
  const first = data.offers?.items[0];
  return (
    <main id="main" className="product-page">
      <ProductJsonLd data={data.jsonLd} />
      <Breadcrumbs trail={trail} />
      <div className="product-top">
        <Gallery images={product.images} name={product.name} />
        <div className="product-head">
          <h1>{product.name}</h1>
          <p className="product-links">
            {product.brand ? (
              <>
                {t('product.brand')}: <Link to={product.brand.route}>{product.brand.name}</Link>
              </>
            ) : null}
            {product.category ? (
              <>
                {' · '}
                {t('product.category')}: <Link to={product.category.route}>{product.category.name}</Link>
              </>
            ) : null}
          </p>
          {data.variants ? <ProductVariants chips={data.variants} /> : null}
          <a href="#reviews" className="rating-link">
            <Rating rating={product.rating} />
          </a>
          <p className="head-price">
            {product.price ? (
              <>
                <span className="muted">{t('product.from')}</span>{' '}
                <Price amount={product.price.amount} currency={product.price.currency} className="price big" />{' '}
                <a href="#pricing">{count('counts.offers', product.price.offers)}</a>
              </>
            ) : (
              <span className="muted">{t('product.noPrice')}</span>
            )}
          </p>
          {data.priceFacts ? <div dangerouslySetInnerHTML={{ __html: data.priceFacts }} /> : null}
          <ProductActions
            productId={product.id}
            name={product.name}
            firstOfferLink={first ? clickOutHref(first, 'visit_shop') : null}
            adminHref={product.admin_href}
          />
          <SummaryBar items={data.summaryItems} />
        </div>
      </div>
      <Description text={product.description} />
      <ProductFeatures rows={data.featureRows} />
      {data.offers ? (
        <OffersSection key={product.id} productId={product.id} initial={data.offers} initialShowAll={data.showAll} />
      ) : (
        <p className="muted">{t('common.unavailable')}</p>
      )}
      {data.trend ? <PriceTrend trend={data.trend} /> : null}
      {data.history ? <PriceHistory key={product.id} productId={product.id} initial={data.history} /> : null}
      {data.abroad !== null ? <PricesAbroad html={data.abroad} /> : null}
      <AdSlot ads={data.ads} placement="product" />
      <section id="eco" aria-labelledby="eco-heading" className="empty-values">
        <h2 id="eco-heading">{t('product.eco')}</h2>
        <p>{t('product.emptyValue')}</p>
      </section>
      <section id="health" aria-labelledby="health-heading" className="empty-values">
        <h2 id="health-heading">{t('product.health')}</h2>
        <p>{t('product.emptyValue')}</p>
      </section>
      {data.similar && data.similar.length > 0 ? (
        <ProductRow id="similar" title={t('product.similar')} products={data.similar} />
      ) : null}
      <Reviews key={product.id} productId={product.id} rating={product.rating} />
      {data.brandRow && product.brand ? (
        <ProductRow
          id="by-brand"
          title={t('product.byBrand', { name: product.brand.name })}
          products={data.brandRow}
          seeAll={route('products', {}, { brand: product.brand.slug })}
        />
      ) : null}
      {data.categoryRow && product.category ? (
        <ProductRow
          id="by-category"
          title={t('product.byCategory', { name: product.category.name })}
          products={data.categoryRow}
          seeAll={route('products', {}, { category: product.category.id })}
        />
      ) : null}
    </main>
  );
}

export const headers = sharedCache(PRICES_SHARED_SECONDS, ['country', 'sort', 'in_stock', 'range', 'all']);

export const ErrorBoundary = RouteErrorBoundary;
