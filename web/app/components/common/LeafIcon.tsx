/** The leaf of a green (EcoTip) offer, drawn inline so it shows without an emoji font. */
export function LeafIcon({ label }: { label: string }) {
  return (
    <svg className="leaf" viewBox="0 0 16 16" width="16" height="16" role="img" aria-label={label}>
      <title>{label}</title>
      <path d="M14 2C7 2 2 5 2 11c0 1 .2 2 .6 3C4 9 8 6 12 5 8 7 5 10 4 14h1c5 0 9-4 9-12z" fill="currentColor" />
    </svg>
  );
}
