import { useState } from 'react';
import { useSite } from '~/site/use-site';

interface Image {
  readonly id: string;
  readonly src: string;
  readonly alt: string;
}

/** The product gallery (spec §2.7): a picture and its thumbnails; hovering or focusing one selects it. */
export function Gallery({ images, name }: { images: readonly Image[]; name: string }) {
  const { t } = useSite();
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0];
  return (
    <section className="gallery" aria-label={t('product.gallery')}>
      <div className="gallery-main">
        <img
          src={main?.src ?? '/img/placeholder/product.svg'}
          alt={main?.alt || name}
          width={480}
          height={480}
          // The attribute as HTML spells it: React 18 passes a lowercase attribute it does not know
          // through, and warns about the camel-cased prop React 19 introduced.
          {...{ fetchpriority: 'high' }}
        />
      </div>
      {images.length > 1 ? (
        <ul className="gallery-thumbs">
          {images.map((image, i) => (
            <li key={image.id || image.src}>
              <button
                type="button"
                aria-pressed={i === selected}
                aria-label={t('product.showPicture', { n: i + 1 })}
                onMouseEnter={() => setSelected(i)}
                onFocus={() => setSelected(i)}
                onClick={() => setSelected(i)}
              >
                <img src={image.src} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
