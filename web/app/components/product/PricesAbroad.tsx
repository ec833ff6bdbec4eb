import { useSite } from '~/site/use-site';

/**
 * The lowest price in each other country (spec §2.7), with the estimate of what it costs
 * delivered to the visitor's country (ADR 049b) as the main figure: its parts and assumptions in
 * a details element, one click away and without JavaScript. The rows come as HTML written on the
 * server (data/price-markup.server.tsx): nothing in them changes in the browser.
 */
export function PricesAbroad({ html }: { html: string }) {
  const { t } = useSite();
  return (
    <section aria-labelledby="abroad-heading" className="abroad-section">
      <h2 id="abroad-heading">{t('product.abroad')}</h2>
      {html ? <div dangerouslySetInnerHTML={{ __html: html }} /> : <p className="muted">{t('product.abroadEmpty')}</p>}
    </section>
  );
}
