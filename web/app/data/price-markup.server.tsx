import type { TFunction } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { RatingMark } from '~/components/common/Rating';
import type { AbroadRowView, PriceFactView } from './price-views.server';

/**
 * Static price texts of the product page as HTML. The rows of prices abroad as HTML, written on the server (React escapes every text, shop names
 * included). They never change in the browser: the page hydrates them as they are and sends no
 * code to draw them. The details element opens without JavaScript. A row's shop has its stars
 * as on the offer rows (the same mark, in the page's language: `t`, `tag`).
 */
export function abroadMarkup(rows: readonly AbroadRowView[], page: { t: TFunction; tag: string }): string {
  return renderToStaticMarkup(
    <ul className="abroad">
      {rows.map((row) => (
        <li key={row.country} data-country={row.country}>
          <div className="abroad-head">
            <strong className="abroad-country">{row.name}</strong>
            {row.landed ? (
              <span className="abroad-landed">
                {row.landed}
                <span className="muted"> {row.landedDifference}</span>
              </span>
            ) : null}
            <span className="muted">{row.shopPrice}</span>
            <span className="muted">{row.shop}</span>
            {row.rating ? <RatingMark rating={row.rating} t={page.t} tag={page.tag} /> : null}
          </div>
          {row.details ? (
            <details className="landed-details">
              <summary>{row.details.summary}</summary>
              <dl>
                {row.details.parts.map(([name, value]) => (
                  <div key={name}>
                    <dt>{name}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
                <div className="landed-total">
                  <dt>{row.details.total[0]}</dt>
                  <dd>{row.details.total[1]}</dd>
                </div>
              </dl>
              <ul className="landed-rules">
                {row.details.rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ul>,
  );
}

/** The product's price facts (the cheapest total, the true "was" price, the lowest prices) as HTML. */
export function priceFactsMarkup(facts: readonly PriceFactView[], wasLabel: string): string {
  if (facts.length === 0) return '';
  return renderToStaticMarkup(
    <ul className="price-facts muted">
      {facts.map((fact) => (
        <li key={fact.kind} className={`fact-${fact.kind}`}>
          {fact.struck ? (
            <>
              <s>
                <span className="visually-hidden">{wasLabel} </span>
                {fact.struck}
              </s>{' '}
            </>
          ) : null}
          {fact.text}
        </li>
      ))}
    </ul>,
  );
}
