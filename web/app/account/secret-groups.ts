/**
 * An authenticator app's secret (base32) as the account page shows it for typing: groups of four
 * characters, as apps and password managers print them, so a line of 32 is read without losing
 * one's place. Apps ignore the spaces.
 */
export function secretGroups(secret: string): string[] {
  const plain = secret.replace(/[\s=]/g, '').toUpperCase();
  return plain.match(/.{1,4}/g) ?? [];
}
