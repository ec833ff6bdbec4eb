import { twoStepEndpoint } from '~/api/endpoints/auth-two-step.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST auth/two-step: JSON {code}, the second step of a sign-in (ADR 153). */
export const action = apiAction({ POST: twoStepEndpoint });
