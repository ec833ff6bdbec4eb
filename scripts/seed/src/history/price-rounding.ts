import type { PriceEnding } from '../shops/seed-shop.js';

/** A price in minor units rounded the way the shop writes prices (9.99, 12.95, 1299.–, CHF 0.05). */
export function roundPrice(minor: number, ending: PriceEnding): number {
  const units = minor / 100;
  let rounded: number;
  switch (ending) {
    case '99':
      rounded = Math.round(units) * 100 - 1;
      break;
    case '95':
      rounded = Math.round(units) * 100 - 5;
      break;
    case '90':
      rounded = Math.round(units) * 100 - 10;
      break;
    case '00':
      rounded = Math.round(units) * 100;
      break;
    case 'x9':
      rounded = units < 50 ? Math.round(units) * 100 - 1 : (Math.round(units / 10) * 10 - 1) * 100;
      break;
    case 'rappen':
      rounded = Math.round(minor / 5) * 5;
      break;
    case 'cent':
      rounded = Math.round(minor);
      break;
  }
  return Math.max(rounded, 5);
}
