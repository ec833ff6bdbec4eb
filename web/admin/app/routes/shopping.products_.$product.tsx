import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { attributesText } from '../panels/shopping/product-lists';
import { productOf, productWrites, REVIEWS_SHOWN, textLanguageOf } from '../panels/shopping/product-writes.server';
import { productReviews } from '../services/catalog.server';
import { TEXT_LANGUAGES } from '../panels/shopping/text-languages';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const url = new URL(request.url);
  const language = textLanguageOf(url);
  const product = await productOf(params.product ?? '', language);
  const reviews = await productReviews(product.id, REVIEWS_SHOWN);
  return data(
    { product, reviews, language, done: url.searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(request, 'shopping', productWrites(params.product ?? ''), context as { clientIp?: unknown });

/**
 * One product as staff edit it (the site's edit link lands here): name and description in one
 * language at a time, MPN, manufacturer, GTINs, the image gallery (URLs only: the admin app never
 * fetches them) and the attributes. Every change is confirmed, then catalog checks
 * staff:shopping, validates (GTIN check digits, http(s) image URLs, lengths) and audits it.
 */
export default function ProductPage() {
  const t = useT();
  const { product, reviews, language, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const here = `${panelPath('shopping', `products/${encodeURIComponent(product.id)}`)}?language=${language}`;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={here} />;
  const update = stateOf(state, 'update');
  const errors = update?.errors as Record<string, string> | undefined;
  const value = (name: string, fallback: string) => update?.fields[name] ?? fallback;
  const own = product.language === language;
  return (
    <>
      <p>
        <a href={panelPath('shopping', 'products')}>{t('products.title')}</a>
      </p>
      <h1>{product.name}</h1>
      <Flash done={done} />
      <dl className="facts">
        <dt>{t('products.id')}</dt>
        <dd>{product.id}</dd>
        <dt>{t('products.status')}</dt>
        <dd>{t(`products.status.${product.status || 'active'}`)}</dd>
        <dt>{t('products.brand')}</dt>
        <dd>{product.brand || t('app.none')}</dd>
        <dt>{t('products.category')}</dt>
        <dd>{product.category || t('app.none')}</dd>
      </dl>
      <p className="product-moderation">
        <a href={`${panelPath('shopping', `products/${encodeURIComponent(product.id)}`)}/offers`}>{t('offers.link')}</a>
        {' · '}
        <a
          href={`${panelPath('shopping', `products/${encodeURIComponent(product.id)}`)}/duplicates?language=${language}`}
        >
          {t('duplicates.link')}
        </a>
      </p>

      <nav aria-label={t('products.textLanguage')}>
        {t('products.textLanguage')}:{' '}
        {TEXT_LANGUAGES.map((code) => (
          <a
            key={code}
            href={`${panelPath('shopping', `products/${encodeURIComponent(product.id)}`)}?language=${code}`}
            aria-current={code === language ? 'page' : undefined}
          >
            {code}
          </a>
        )).flatMap((link, i) => (i === 0 ? [link] : [' · ', link]))}
      </nav>
      {own ? null : <p className="notice">{t('products.noTexts', { language, fallback: product.language })}</p>}

      <StaffForm intent="update" className="stacked-form" label={t('products.edit')}>
        <FormError errors={errors} />
        <input type="hidden" name="language" value={language} />
        <input type="hidden" name="version" value={String(product.version)} />
        <p>
          <label htmlFor="product-name">
            {t('products.name')} ({language})
          </label>
          <input
            id="product-name"
            name="name"
            maxLength={300}
            size={60}
            defaultValue={value('name', product.name)}
            aria-describedby="name-error"
          />
          <FieldError name="name" errors={errors} />
          <FieldError name="texts" errors={errors} />
        </p>
        <p>
          <label htmlFor="product-description">
            {t('products.description')} ({language})
          </label>
          <textarea
            id="product-description"
            name="description"
            rows={6}
            cols={60}
            defaultValue={value('description', product.description)}
            aria-describedby="description-error"
          />
          <FieldError name="description" errors={errors} />
        </p>
        <TextInput
          name="mpn"
          label={t('products.mpn')}
          maxLength={70}
          value={value('mpn', product.mpn)}
          errors={errors}
        />
        <TextInput
          name="manufacturer"
          label={t('products.manufacturer')}
          maxLength={200}
          value={value('manufacturer', product.manufacturer)}
          errors={errors}
        />
        <TextInput
          name="gtins"
          label={t('products.gtins')}
          maxLength={400}
          value={value('gtins', product.gtins.join(', '))}
          errors={errors}
        />
        <ListArea
          name="images"
          label={t('products.images')}
          help={t('products.imagesHelp')}
          value={value('images', product.images.map((image) => image.src).join('\n'))}
          errors={errors}
        />
        <ListArea
          name="attributes"
          label={t('products.attributes')}
          help={t('products.attributesHelp')}
          value={value('attributes', attributesText(product.attributes))}
          errors={errors}
          serviceField="features"
        />
        <button type="submit">{t('products.save')}</button>
      </StaffForm>

      <h2>{t('reviews.title')}</h2>
      <p>
        <a href={`${panelPath('shopping', 'reviews')}?product=${encodeURIComponent(product.id)}`}>
          {t('reviews.moderate')}
        </a>
      </p>
      {reviews.length === 0 ? (
        <p>{t('reviews.none')}</p>
      ) : (
        <ul className="reviews">
          {reviews.map((review) => (
            <li key={review.id}>
              <strong>{review.rating}/5</strong> {review.title} — {review.author || t('reviews.anonymous')}
              {review.domain ? ` (${review.domain})` : ''},{' '}
              <time dateTime={review.publishedAt}>{review.publishedAt.slice(0, 10)}</time>
              <p>{review.body}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A one-line field with its label and its error (tied with aria-describedby). */
function TextInput(props: {
  readonly name: string;
  readonly label: string;
  readonly maxLength: number;
  readonly value: string;
  readonly errors?: Record<string, string>;
}) {
  const id = `product-${props.name}`;
  return (
    <p>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        maxLength={props.maxLength}
        size={60}
        defaultValue={props.value}
        aria-describedby={`${props.name}-error`}
      />
      <FieldError name={props.name} errors={props.errors} />
    </p>
  );
}

/** A list edited one item a line (images, attributes), with its help and its error. */
function ListArea(props: {
  readonly name: string;
  readonly label: string;
  readonly help: string;
  readonly value: string;
  readonly errors?: Record<string, string>;
  /** The field catalog names when it refuses the list (attributes are its `features`). */
  readonly serviceField?: string;
}) {
  const id = `product-${props.name}`;
  return (
    <p>
      <label htmlFor={id}>{props.label}</label>
      <span className="field-help" id={`${props.name}-help`}>
        {props.help}
      </span>
      <textarea
        id={id}
        name={props.name}
        rows={5}
        cols={60}
        defaultValue={props.value}
        aria-describedby={[
          `${props.name}-help`,
          `${props.name}-error`,
          props.serviceField && `${props.serviceField}-error`,
        ]
          .filter(Boolean)
          .join(' ')}
      />
      <FieldError name={props.name} errors={props.errors} />
      {props.serviceField ? <FieldError name={props.serviceField} errors={props.errors} /> : null}
    </p>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
