import { AlertKind } from '@pc/proto/notifications/v1/types';
import type { Amount } from './alert-record.js';

/** "CHF 240.00": the currency code and exactly two decimals (docs/architecture.md §6), same in every language. */
const money = (amount: Amount): string => `${amount.currency} ${(amount.amountMinor / 100).toFixed(2)}`;

const TEXTS = {
  en: {
    title: 'Price alert',
    titleFor: (name: string) => `Price alert: ${name}`,
    drop: (p: string) => `The price dropped to ${p}.`,
    target: (p: string, t: string) => `The price is now ${p} (your target: ${t}).`,
    stock: 'Back in stock.',
    stopEmails: 'Stop e-mails for this alert',
    manage: 'Your price alerts',
  },
  de: {
    title: 'Preisalarm',
    titleFor: (name: string) => `Preisalarm: ${name}`,
    drop: (p: string) => `Der Preis ist auf ${p} gefallen.`,
    target: (p: string, t: string) => `Der Preis beträgt jetzt ${p} (Ihr Zielpreis: ${t}).`,
    stock: 'Wieder an Lager.',
    stopEmails: 'Keine E-Mails mehr für diesen Alarm',
    manage: 'Ihre Preisalarme',
  },
  fr: {
    title: 'Alerte de prix',
    titleFor: (name: string) => `Alerte de prix : ${name}`,
    drop: (p: string) => `Le prix est descendu à ${p}.`,
    target: (p: string, t: string) => `Le prix est maintenant de ${p} (votre prix cible : ${t}).`,
    stock: 'De nouveau en stock.',
    stopEmails: 'Ne plus recevoir d’e-mails pour cette alerte',
    manage: 'Vos alertes de prix',
  },
  it: {
    title: 'Avviso di prezzo',
    titleFor: (name: string) => `Avviso di prezzo: ${name}`,
    drop: (p: string) => `Il prezzo è sceso a ${p}.`,
    target: (p: string, t: string) => `Il prezzo ora è ${p} (il tuo prezzo obiettivo: ${t}).`,
    stock: 'Di nuovo disponibile.',
    stopEmails: 'Non ricevere più e-mail per questo avviso',
    manage: 'I tuoi avvisi di prezzo',
  },
  es: {
    title: 'Alerta de precio',
    titleFor: (name: string) => `Alerta de precio: ${name}`,
    drop: (p: string) => `El precio ha bajado a ${p}.`,
    target: (p: string, t: string) => `El precio es ahora ${p} (tu precio objetivo: ${t}).`,
    stock: 'De nuevo disponible.',
    stopEmails: 'No recibir más correos de esta alerta',
    manage: 'Tus alertas de precio',
  },
  pt: {
    title: 'Alerta de preço',
    titleFor: (name: string) => `Alerta de preço: ${name}`,
    drop: (p: string) => `O preço desceu para ${p}.`,
    target: (p: string, t: string) => `O preço é agora ${p} (o seu preço-alvo: ${t}).`,
    stock: 'De novo disponível.',
    stopEmails: 'Deixar de receber e-mails deste alerta',
    manage: 'Os seus alertas de preço',
  },
} as const;

/**
 * The words of a fired alert's notification in the user's language (English fallback): titled
 * by the product's name when catalog gave one (ADR 150), so a user with several alerts sees
 * which product moved without opening it.
 */
export function alertText(
  kind: AlertKind,
  language: string,
  price: Amount | null,
  target: Amount | null,
  productName = '',
): { title: string; body: string } {
  const texts = TEXTS[language as keyof typeof TEXTS] ?? TEXTS.en;
  const title = productName ? texts.titleFor(productName) : texts.title;
  if (kind === AlertKind.ALERT_KIND_BACK_IN_STOCK || !price) return { title, body: texts.stock };
  if (kind === AlertKind.ALERT_KIND_TARGET_PRICE && target)
    return { title, body: texts.target(money(price), money(target)) };
  return { title, body: texts.drop(money(price)) };
}

/** The words of an alert mail's links, in the user's language (English fallback). */
export function alertMailTexts(language: string): { stopEmails: string; manage: string } {
  const texts = TEXTS[language as keyof typeof TEXTS] ?? TEXTS.en;
  return { stopEmails: texts.stopEmails, manage: texts.manage };
}

/** The product page in the user's language and the alert's country: /{locale}/products/{id}. */
export function productPath(productId: string, country: string, language: string): string {
  const lang = ['de', 'fr', 'en'].includes(language) ? language : 'en';
  const locale = ['CH', 'DE', 'FR', 'GB'].includes(country) ? `${lang}-${country.toLowerCase()}` : 'en-ch';
  return `/${locale}/products/${encodeURIComponent(productId)}`;
}
