// Words that say how a product is sold, licensed or shipped, or what kind of software it is,
// rather than which model it is: "computrace lojack 3 year license" / "… 3 yr subscription",
// "nuendo 3 digital audio software" / "nuendo 3 music production software", "webroot software
// inc … ( small box )". Shops write them as they like, so two titles
// that each carry one the other lacks still name one product. They are no model names of their
// own (`model-names.ts`, ADR 075). Editions, licences that differ (upgrade, academic), operating
// systems and counts with a unit are no such words: they stay evidence of two products through
// their variant groups and measures.
import { isLegalFormWord } from './brand.js';

const PACKAGING_WORDS = new Set([
  // The licence and its term.
  'license',
  'licence',
  'licenses',
  'licences',
  'licensing',
  'lic',
  'lics',
  'subscription',
  'subscriptions',
  'sub',
  'renewal',
  'year',
  'years',
  'yr',
  'yrs',
  'month',
  'months',
  'seat',
  'seats',
  'user',
  'users',
  // The package and the medium it ships on.
  'box',
  'boxed',
  'pack',
  'packaging',
  'retail',
  'jewel',
  'sleeve',
  'dvd',
  'cd',
  'cdrom',
  'dvdrom',
  'rom',
  'disc',
  'download',
  'electronic',
  'esd',
  'media',
  'full',
  'complete',
  'product',
  'version',
  'old',
  'older',
  'multilingual',
  'english',
  // What kind of software the shop says it is ("music production software").
  'software',
  'program',
  'utility',
  'production',
  'editing',
  'management',
  'training',
  'educational',
  'learning',
  'digital',
  'audio',
  'music',
  'video',
  'photo',
  'av',
  'creativity',
  'application',
  'game',
  // A publisher's company words beside its legal form ("adobe systems inc").
  'systems',
  'technologies',
  'entertainment',
  'interactive',
  'publishing',
]);

/** Whether a title word names the package, licence or kind of software, or a company's legal
 *  form, and so never a model of its own. */
export const isPackagingWord = (word: string): boolean => PACKAGING_WORDS.has(word) || isLegalFormWord(word);
