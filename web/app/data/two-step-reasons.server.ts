import type { RpcError } from '@pc/kit/errors/grpc-errors';
import type { FormMessage } from '~/auth/page-forms';
import type { ReasonTexts } from './form-failure.server';

/** "That code is not right", with the attempts left when accounts names them (the code page's challenge ends at none). */
export function wrongCode(error: Pick<RpcError, 'metadata'>): FormMessage {
  const left = error.metadata.attempts_left;
  const count = left === undefined || left.trim() === '' ? NaN : Number(left);
  return Number.isInteger(count) && count >= 0
    ? { key: 'twoStep.wrongCodeAttempts', values: { count } }
    : { key: 'twoStep.wrongCode' };
}

/** Accounts' reasons of the two-step calls (ADR 153) as the forms say them. */
export const TWO_STEP_REASONS: ReasonTexts = {
  INVALID_CODE: wrongCode,
  INVALID_CREDENTIALS: 'account.wrongPassword',
  NO_SETUP: 'twoStep.noSetup',
  TWO_STEP_ON: 'twoStep.alreadyOn',
  TWO_STEP_OFF: 'twoStep.alreadyOff',
};
