import { recoveryCodesOf, setupAfter } from './two-step-answer';

const setup = { qrSvg: '<svg/>', secretGroups: ['JBSW', 'Y3DP'] };
const earlier = { qrSvg: '<svg id="old"/>', secretGroups: ['GEZD'] };

describe('what the two-step section keeps between its answers', () => {
  it('shows the setup a start answered, and keeps it while the code is wrong or mistyped', () => {
    expect(
      setupAfter(undefined, { intent: 'twoStepStart', done: { key: 'twoStep.setupStarted' }, shown: { setup } }),
    ).toBe(setup);
    expect(
      setupAfter(setup, {
        intent: 'twoStepConfirm',
        error: { key: 'twoStep.wrongCodeAttempts', values: { count: 4 } },
      }),
    ).toBe(setup);
    expect(setupAfter(setup, { intent: 'twoStepConfirm', errors: { code: 'twoStep.codeFormat' } })).toBe(setup);
    expect(
      setupAfter(earlier, { intent: 'twoStepStart', done: { key: 'twoStep.setupStarted' }, shown: { setup } }),
    ).toBe(setup);
  });

  it('keeps it once on (the section shows "on" as soon as the page reads it), drops it when it expired or after another two-step form; other forms leave it', () => {
    expect(setupAfter(setup, { intent: 'twoStepConfirm', done: { key: 'twoStep.turnedOn' } })).toBe(setup);
    expect(setupAfter(setup, { intent: 'twoStepOff', done: { key: 'twoStep.turnedOff' } })).toBeUndefined();
    expect(setupAfter(setup, { intent: 'twoStepConfirm', error: { key: 'twoStep.noSetup' } })).toBeUndefined();
    expect(setupAfter(setup, { intent: 'twoStepStart', error: { key: 'account.wrongPassword' } })).toBeUndefined();
    expect(setupAfter(setup, { intent: 'profile', done: { key: 'account.profileSaved' } })).toBe(setup);
    expect(setupAfter(setup, undefined)).toBe(setup);
  });

  it('shows recovery codes only from the answer that made them', () => {
    const codes = ['abcde-fghij', 'klmno-pqrst'];
    expect(
      recoveryCodesOf({ intent: 'twoStepConfirm', done: { key: 'twoStep.turnedOn' }, shown: { recoveryCodes: codes } }),
    ).toEqual(codes);
    expect(recoveryCodesOf({ intent: 'twoStepRenew', error: { key: 'twoStep.wrongCode' } })).toBeUndefined();
    expect(recoveryCodesOf({ intent: 'profile', shown: { recoveryCodes: codes } })).toBeUndefined();
  });
});
