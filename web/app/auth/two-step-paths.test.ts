import { RECOVERY_CODE_LANDING, signInAgainPath, twoStepPagePath } from './two-step-paths';

describe('where a sign-in goes around its second step (ADR 153)', () => {
  it('goes to the code page of the locale, keeping the target', () => {
    expect(twoStepPagePath('de-ch', '/de-ch/products/x?y=1')).toBe(
      '/de-ch/login/two-step?redirect=%2Fde-ch%2Fproducts%2Fx%3Fy%3D1',
    );
    expect(twoStepPagePath('en-ch', '/account?reset=1')).toBe('/en-ch/login/two-step?redirect=%2Faccount%3Freset%3D1');
  });

  it('goes back to the login page saying so when the challenge is over, keeping the target', () => {
    expect(signInAgainPath('fr-ch', '/fr-ch')).toBe('/fr-ch/login?redirect=%2Ffr-ch&two_step=expired');
  });

  it('lands a recovery code on the account page’s section', () => {
    expect(RECOVERY_CODE_LANDING).toBe('/account?two_step=recovery#two-step');
  });
});
