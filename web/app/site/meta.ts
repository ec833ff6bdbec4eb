/** <title> and description of a page, with the site name. */
export function pageMeta(title: string, description?: string) {
  return [
    { title: title === 'pricecompare' ? title : `${title} · pricecompare` },
    ...(description ? [{ name: 'description', content: description }] : []),
  ];
}
