import type {
  GetComparePicksRequest,
  GetComparePicksResponse,
  SetComparePicksRequest,
  SetComparePicksResponse,
} from '@pc/proto/accounts/v1/accounts';
import { COMPARE_PICKS_MAX } from '../domain/compare-picks.js';
import { FieldChecks } from '../domain/field-checks.js';
import type { ComparePicksRepository } from '../store/compare-picks-repository.js';
import type { UserRepository } from '../store/user-repository.js';
import { requireActor } from './actor.js';

/** What the compare picks handlers work with. */
export interface ComparePicksDependencies {
  readonly users: UserRepository;
  readonly comparePicks: ComparePicksRepository;
  readonly clock: () => Date;
}

/** The actor's picks: always their own, as the actor is the only user a call names. */
export async function getComparePicks(
  request: GetComparePicksRequest,
  deps: ComparePicksDependencies,
): Promise<GetComparePicksResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const kept = await deps.comparePicks.read(actor._id);
  return { productIds: [...kept.productIds], revision: kept.revision };
}

/**
 * Replaces the actor's picks; a request with any bad id changes nothing, nor one whose
 * `if_revision` is no longer the list's (ABORTED: another device changed it meanwhile).
 */
export async function setComparePicks(
  request: SetComparePicksRequest,
  deps: ComparePicksDependencies,
): Promise<SetComparePicksResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  if (request.productIds.length > COMPARE_PICKS_MAX)
    checks.add('product_ids', `at most ${COMPARE_PICKS_MAX} products`, 'max', { max: String(COMPARE_PICKS_MAX) });
  const ids: string[] = [];
  request.productIds.forEach((value, i) => {
    const id = checks.productId(`product_ids[${i}]`, value);
    if (id && ids.includes(id)) checks.add(`product_ids[${i}]`, 'is picked already', 'distinct');
    ids.push(id);
  });
  const ifRevision = request.ifRevision;
  if (ifRevision !== undefined && !(Number.isSafeInteger(ifRevision) && ifRevision >= 0))
    checks.add('if_revision', 'must be a revision the picks were read at (0 or more)', 'min', { min: '0' });
  checks.done();
  const kept = await deps.comparePicks.set(actor._id, ids, deps.clock(), ifRevision);
  return { productIds: [...kept.productIds], revision: kept.revision };
}
