// The builder lives beside it, free of JSX, so it is tested as a module (ADR 138).
export { productJsonLd } from './product-json-ld';

export function ProductJsonLd({ data }: { data: object }) {
  // "<" escaped: the JSON sits in a script element and must not close it.
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
