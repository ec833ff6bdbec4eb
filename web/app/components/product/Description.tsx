import { useState } from 'react';
import { cutDescription } from '~/product/offer-view';
import { useSite } from '~/site/use-site';

/** The description, cut at 500 characters with a "more" link (spec §4, §9). */
export function Description({ text }: { text: string }) {
  const { t } = useSite();
  const [open, setOpen] = useState(false);
  if (!text) return null;
  const cut = cutDescription(text);
  return (
    <section aria-labelledby="description-heading" id="description">
      <h2 id="description-heading">{t('product.description')}</h2>
      <p className="description">{open || !cut.cut ? text : cut.text}</p>
      {cut.cut ? (
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('product.lessDescription') : t('product.moreDescription')}
        </button>
      ) : null}
    </section>
  );
}
