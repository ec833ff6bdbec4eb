import { createContext, useContext, type ReactNode } from 'react';

/**
 * This answer's Content-Security-Policy nonce (web/edge/security-headers.cjs makes one per
 * request; entry.server.tsx provides it). The inline scripts the site renders carry it; in the
 * browser it is empty (browsers hide a nonce from scripts, and React leaves it alone).
 */
const NonceContext = createContext('');

export const NonceProvider = ({ nonce, children }: { nonce: string; children: ReactNode }) => (
  <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>
);

export const useNonce = (): string => useContext(NonceContext);

/** The nonce the edge put in the load context, or none (a test build without the edge). */
export const nonceOf = (loadContext: unknown): string => {
  const nonce = (loadContext as { cspNonce?: unknown } | undefined)?.cspNonce;
  return typeof nonce === 'string' ? nonce : '';
};
