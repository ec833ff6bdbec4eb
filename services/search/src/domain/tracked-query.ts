/** Longest query kept for "most searched": longer ones are sentences, not what others would type. */
export const MAX_TRACKED_LENGTH = 64;

// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * The form a searched query is counted under: case folded, inner whitespace collapsed, control
 * characters dropped. Null for what should not appear on the home page: too short, too long, or
 * digits only (a barcode scan is not a phrase people search for).
 */
export function trackedQuery(text: string): string | null {
  const folded = text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim().toLocaleLowerCase('und');
  if (folded.length < 2 || folded.length > MAX_TRACKED_LENGTH) return null;
  if (/^[\d\s-]+$/.test(folded)) return null;
  return folded;
}

/** UTC day (YYYY-MM-DD) of an instant. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
