/** Reads one cookie from a Cookie header (or document.cookie). */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1) continue;
    if (part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A Set-Cookie value: path /, SameSite=Lax, with a lifetime in days (0 deletes it). */
export function cookieValue(name: string, value: string, days: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.round(days * 86_400)}; SameSite=Lax`;
}
