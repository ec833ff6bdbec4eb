/**
 * The product form's list fields as staff type them, one item a line: image URLs in gallery order
 * (the first is the main image), attributes as "Name: Value" or "Group / Name: Value".
 */
export interface ImageDetails {
  readonly id: string;
  readonly name: string;
  readonly src: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

export interface Attribute {
  readonly group: string;
  readonly name: string;
  readonly value: string;
}

/** At most this many of each, as catalog allows (MAX_PRODUCT_IMAGES, PRODUCT_LIMITS.features). */
export const MAX_IMAGES = 20;
export const MAX_ATTRIBUTES = 200;

const lines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export const imageUrlsOf = (text: string): string[] => lines(text);

/** Whether a line is an absolute http(s) URL (catalog checks it again; the admin app never fetches it). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The gallery the URLs ask for: an image the product has keeps its id, caption, alternative text
 * and size, so saving an unchanged list changes nothing; a new one gets only its URL (catalog
 * gives it an id).
 */
export const galleryOf = (urls: readonly string[], current: readonly ImageDetails[]): ImageDetails[] =>
  urls.map(
    (src) => current.find((image) => image.src === src) ?? { id: '', name: '', src, alt: '', width: 0, height: 0 },
  );

/** "Group / Name: Value" → its parts; null for a line without a name or a value. */
export function attributeOf(line: string): Attribute | null {
  const colon = line.indexOf(':');
  if (colon < 0) return null;
  const label = line.slice(0, colon).trim();
  const value = line.slice(colon + 1).trim();
  const slash = label.lastIndexOf(' / ');
  const group = slash >= 0 ? label.slice(0, slash).trim() : '';
  const name = slash >= 0 ? label.slice(slash + 3).trim() : label;
  return name && value ? { group, name, value } : null;
}

export const attributesOf = (text: string): (Attribute | null)[] => lines(text).map(attributeOf);

/** "Group / Name" (or "Name"): what names an attribute; catalog keeps one value per label. */
export const attributeLabel = (attribute: Attribute): string =>
  `${attribute.group ? `${attribute.group} / ` : ''}${attribute.name}`;

export const attributeLine = (attribute: Attribute): string => `${attributeLabel(attribute)}: ${attribute.value}`;

/** The attributes as the form's text, one a line. */
export const attributesText = (attributes: readonly Attribute[]): string => attributes.map(attributeLine).join('\n');
