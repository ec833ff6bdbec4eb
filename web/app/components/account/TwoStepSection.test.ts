// Two-step sign-in on the account page (ADR 153): off, the setup to scan, the recovery codes once, on.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { FormResult } from '~/auth/page-forms';
import type { TwoStepView } from '~/data/account-two-step.server';
import { serverT } from '~/i18n/server-t.server';
import { SiteContext, type Site } from '~/site/site-provider';
import { TwoStepSection } from './TwoStepSection';

let actionData: FormResult | undefined;

// The section's forms outside a Remix route: a page with the CSRF token "t", answering `actionData`.
jest.mock('@remix-run/react', () => ({
  Form: ({ children, ...props }: { children: ReactNode }) => createElement('form', props, children),
  useActionData: () => actionData,
  useNavigation: () => ({ state: 'idle' }),
  useMatches: () => [{ data: { csrf: 't' } }],
}));

const OFF: TwoStepView = { on: false, onSince: null, recoveryCodesLeft: 0 };
const ON: TwoStepView = { on: true, onSince: '2026-05-04T17:05:00.000Z', recoveryCodesLeft: 7 };
const SETUP = {
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"></svg>',
  secretGroups: ['JBSW', 'Y3DP'],
};

function render(twoStep: TwoStepView, answer?: FormResult, language: 'en' | 'de' = 'en', tag = 'en-GB'): string {
  actionData = answer;
  const site = { t: serverT(language).t, tag, language, route: () => '/' } as unknown as Site;
  return renderToStaticMarkup(
    createElement(SiteContext.Provider, { value: site }, createElement(TwoStepSection, { twoStep })),
  );
}

describe('two-step sign-in on the account page', () => {
  it('says what it is while off, and asks for the password to set it up', () => {
    const html = render(OFF);
    expect(html).toContain('Someone who learns your password still cannot sign in.');
    expect(html).toContain('Two-step sign-in is off.');
    expect(html).toContain('<input type="hidden" name="intent" value="twoStepStart"/>');
    expect(html).toMatch(/<input id="two-step-start-password" name="password" type="password"/);
    expect(html).toContain('>Set up</button>');
    expect(html).not.toContain('qr-code');
  });

  it('shows the started setup: the QR code as an image, the key in groups of four, the code to turn it on', () => {
    const html = render(OFF, {
      intent: 'twoStepStart',
      done: { key: 'twoStep.setupStarted' },
      shown: { setup: SETUP },
    });
    expect(html).toContain(
      '<div class="qr-code" role="img" aria-label="QR code for your authenticator app"><svg xmlns="http://www.w3.org/2000/svg"',
    );
    expect(html).toContain('<code class="two-step-key" translate="no">JBSW Y3DP</code>');
    expect(html).toContain('<input type="hidden" name="intent" value="twoStepConfirm"/>');
    expect(html).toMatch(
      /id="two-step-confirm-code" name="code" type="text" autoComplete="one-time-code"[^>]*inputMode="numeric"/,
    );
    expect(html).toContain('>Turn on</button>');
    expect(html).not.toContain('two-step-start-password');
  });

  it('shows the recovery codes of the answer that turned it on, once, with the note to keep them', () => {
    const codes = ['k3m9p-2xq7t', 'abcde-fghjk'];
    const html = render(ON, {
      intent: 'twoStepConfirm',
      done: { key: 'twoStep.turnedOn' },
      shown: { recoveryCodes: codes },
    });
    expect(html).toContain('<p class="notice notice-done" role="status">Two-step sign-in is on.</p>');
    expect(html).toContain(
      '<ol class="recovery-code-list" translate="no"><li><code>k3m9p-2xq7t</code></li><li><code>abcde-fghjk</code></li></ol>',
    );
    expect(html).toContain('they are shown only this once');
    expect(render(ON)).not.toContain('recovery-code-list');
  });

  it('says since when it is on and how many recovery codes are left; new codes and turning off need a code', () => {
    const html = render(ON);
    expect(html).toContain('On since 4 May 2026. Recovery codes left: 7.');
    expect(html).toContain('value="twoStepRenew"');
    expect(html).toContain('>New recovery codes</button>');
    expect(html).toContain('value="twoStepOff"');
    expect(html).toMatch(/<label for="two-step-off-code">Code from the app, or a recovery code<\/label>/);
    expect(html).toContain('class="danger"');
  });

  it('says a wrong code at the section, and speaks the page’s language', () => {
    const wrong = render(ON, {
      intent: 'twoStepOff',
      error: { key: 'twoStep.wrongCodeAttempts', values: { count: 2 } },
    });
    expect(wrong).toContain(
      '<p class="notice notice-error" role="alert">That code is not right. Attempts left: 2.</p>',
    );
    expect(render(ON, undefined, 'de', 'de-CH')).toContain('Verbleibende Wiederherstellungscodes: 7.');
  });
});
