/**
 * The attributes a feed item is read into: Google Merchant Center's names, which CSV/TSV feeds
 * use as headers too. Other spellings (idealo's CSV, German shop exports, common synonyms) map
 * onto them, so validation knows one vocabulary.
 */
export type FieldName =
  | 'id'
  | 'title'
  | 'description'
  | 'link'
  | 'image_link'
  | 'additional_image_link'
  | 'availability'
  | 'price'
  | 'sale_price'
  | 'currency'
  | 'gtin'
  | 'mpn'
  | 'brand'
  | 'condition'
  | 'google_product_category'
  | 'product_type'
  | 'shipping'
  | 'delivery_time'
  | 'identifier_exists'
  | 'item_group_id';

const ALIASES: Readonly<Record<FieldName, readonly string[]>> = {
  id: ['id', 'sku', 'offer_id', 'item_id', 'product_id', 'article_number', 'artikelnummer', 'aid'],
  title: ['title', 'name', 'product_name', 'produktname', 'titel'],
  description: ['description', 'beschreibung', 'long_description'],
  link: ['link', 'url', 'deeplink', 'product_url', 'producturl'],
  image_link: ['image_link', 'image', 'image_url', 'imageurl', 'imageurls', 'bild_url'],
  additional_image_link: ['additional_image_link', 'additional_image_links'],
  availability: ['availability', 'stock_status', 'verfuegbarkeit', 'verfügbarkeit'],
  price: ['price', 'preis'],
  sale_price: ['sale_price'],
  currency: ['currency', 'waehrung', 'währung'],
  gtin: ['gtin', 'ean', 'eans', 'gtin13', 'ean13', 'upc', 'barcode'],
  mpn: ['mpn', 'hans', 'manufacturer_part_number', 'herstellerartikelnummer'],
  brand: ['brand', 'manufacturer', 'hersteller', 'marke'],
  condition: ['condition', 'zustand'],
  google_product_category: ['google_product_category', 'google_category'],
  product_type: ['product_type', 'categorypath', 'category_path', 'category', 'kategorie'],
  shipping: ['shipping', 'shipping_cost', 'deliverycosts', 'delivery_costs', 'versandkosten'],
  delivery_time: ['delivery_time', 'deliverytime', 'lieferzeit'],
  identifier_exists: ['identifier_exists'],
  item_group_id: ['item_group_id'],
};

const BY_ALIAS = new Map<string, FieldName>(
  (Object.entries(ALIASES) as [FieldName, readonly string[]][]).flatMap(([name, aliases]) =>
    aliases.map((alias) => [alias, name] as const),
  ),
);

/** "g:Image Link", "imageUrls", "deliveryCosts_dhl" → a comparable key ("image_link", "imageurls", "deliverycosts_dhl"). */
export function headerKey(header: string): string {
  return header
    .trim()
    .replace(/^\uFEFF/, '')
    .replace(/^g:/i, '')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/**
 * The attribute a header or element name stands for, or null for one validation does not use
 * (kept for the report's column list only). idealo's per-carrier shipping columns
 * (`deliveryCosts_dhl`, …) all count as shipping.
 */
export function fieldOf(header: string): FieldName | null {
  const key = headerKey(header);
  const known = BY_ALIAS.get(key);
  if (known) return known;
  if (key.startsWith('deliverycosts_') || key.startsWith('delivery_costs_')) return 'shipping';
  return null;
}

/** Headers that mark idealo's CSV layout (its own column names, not Google's). */
export function looksLikeIdealo(headers: readonly string[]): boolean {
  const keys = new Set(headers.map(headerKey));
  return (
    keys.has('sku') &&
    (keys.has('eans') || keys.has('hans') || [...keys].some((key) => key.startsWith('deliverycosts_')))
  );
}
