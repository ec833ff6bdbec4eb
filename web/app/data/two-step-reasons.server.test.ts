import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { formFailure } from './form-failure.server';
import { TWO_STEP_REASONS, wrongCode } from './two-step-reasons.server';

const invalidCode = (metadata: Record<string, string>) =>
  new RpcError(
    GrpcStatus.UNAUTHENTICATED,
    'that code is not right',
    [],
    undefined,
    'INVALID_CODE',
    undefined,
    metadata,
  );

describe('what the two-step forms say for accounts’ answers (ADR 153)', () => {
  it('says a code is not right, with the attempts left when accounts names them', () => {
    expect(wrongCode(invalidCode({ attempts_left: '3' }))).toEqual({
      key: 'twoStep.wrongCodeAttempts',
      values: { count: 3 },
    });
    expect(wrongCode(invalidCode({ attempts_left: '0' }))).toEqual({
      key: 'twoStep.wrongCodeAttempts',
      values: { count: 0 },
    });
    expect(wrongCode(invalidCode({}))).toEqual({ key: 'twoStep.wrongCode' });
    expect(wrongCode(invalidCode({ attempts_left: 'many' }))).toEqual({ key: 'twoStep.wrongCode' });
  });

  it('answers each refusal with its status and text at the form, throttling with the wait', () => {
    const failure = (error: RpcError) => formFailure(error, 'twoStepOff', TWO_STEP_REASONS);
    expect(failure(invalidCode({ attempts_left: '4' }))).toEqual({
      status: 401,
      result: { intent: 'twoStepOff', error: { key: 'twoStep.wrongCodeAttempts', values: { count: 4 } } },
    });
    const refused = (reason: string, code = GrpcStatus.FAILED_PRECONDITION) =>
      failure(new RpcError(code, reason, [], undefined, reason)).result.error;
    expect(refused('INVALID_CREDENTIALS', GrpcStatus.UNAUTHENTICATED)).toEqual({ key: 'account.wrongPassword' });
    expect(refused('NO_SETUP')).toEqual({ key: 'twoStep.noSetup' });
    expect(refused('TWO_STEP_ON')).toEqual({ key: 'twoStep.alreadyOn' });
    expect(refused('TWO_STEP_OFF')).toEqual({ key: 'twoStep.alreadyOff' });
    expect(failure(new RpcError(GrpcStatus.RESOURCE_EXHAUSTED, 'slow down', [], 42_000, 'RATE_LIMITED'))).toEqual({
      status: 429,
      result: { intent: 'twoStepOff', error: { key: 'auth.throttled', values: { seconds: 42 } } },
    });
  });
});
