import type { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { readOffer } from '../domain/offer.js';
import { toBatchOffer } from '../offer-matching/match-lookups.js';

/** Match requests as the matcher's batch holds them (a test's requests are valid: a bad one throws). */
export const batchOf = (requests: readonly MatchProductRequest[]) =>
  requests.map((r) => {
    const read = readOffer(r);
    if (!('offer' in read)) throw new Error('bad offer');
    return toBatchOffer(read.offer);
  });
