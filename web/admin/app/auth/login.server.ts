import { status as GrpcStatus } from '@grpc/grpc-js';
import { data, redirect } from '@remix-run/node';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { z } from 'zod';
import { config } from '../config.server';
import { pickLanguage } from '../i18n/language.server';
import { translator } from '../i18n/languages';
import { panelPath, routerPath, type StaffPanel } from '../panels/panels';
import type { User } from '@pc/proto/accounts/v1/types';
import { clientInfo, completeSignIn, sessionUser, signIn, signOut } from '../services/accounts.server';
import { newCsrf, readPanelSession, writePanelSession } from './panel-cookie.server';
import { holdsPanel } from './panel-roles.server';

const credentials = z.object({
  email: z.string().trim().min(1, 'field.required').email('field.email').max(255),
  password: z.string().min(1, 'field.required').max(200),
});

/** Only a page of the same panel is a place to come back to after sign-in. */
const backTo = (panel: StaffPanel, target: string | null): string =>
  target && target.startsWith(`${panelPath(panel)}/`) && !target.startsWith('//') ? target : panelPath(panel);

/** The sign-in page: a signed-in holder goes straight in; anyone else gets the form (and a CSRF token for it). */
export async function loginPage(request: Request, panel: StaffPanel) {
  const url = new URL(request.url);
  const session = await readPanelSession(request, panel);
  if (session?.token) {
    const user = await sessionUser(session.token);
    if (user && holdsPanel(user, panel)) throw redirect(routerPath(backTo(panel, url.searchParams.get('redirect'))));
  }
  const csrf = session?.csrf ?? newCsrf();
  // Between the password and the code the cookie keeps the challenge: the page asks for the code.
  const challenge = session?.challenge ?? '';
  const setCookie = await writePanelSession(request, panel, { ...SIGNED_OUT, csrf, challenge });
  const reason = url.searchParams.get('reason');
  return data(
    { panel, csrf, reason, idleMinutes: config.ADMIN_IDLE_MINUTES[panel], step: challenge ? 'code' : 'password' },
    { headers: { 'Set-Cookie': setCookie } },
  );
}

const SIGNED_OUT = { token: '', userId: '', authAt: 0, seenAt: 0 } as const;

/**
 * Signs in to one panel: accounts checks the password (throttled, locked accounts refused) and,
 * for an account with two-step sign-in on, the app's code on a second form (ADR 153); the user
 * must then hold the panel's role — otherwise the new session ends at once and the answer is
 * 403. With ADMIN_REQUIRE_TWO_STEP a staff account without two-step sign-in is refused the same
 * way. The panel's cookie then carries the session, its sign-in time and a fresh CSRF token.
 */
export async function loginAction(request: Request, panel: StaffPanel, loadContext?: { clientIp?: unknown }) {
  const t = translator((await pickLanguage(request)).language);
  const form = await request.formData();
  const session = await readPanelSession(request, panel);
  const email = String(form.get('email') ?? '');
  const answer = (status: number, errors: Record<string, string>, headers?: HeadersInit) =>
    data({ email, errors }, { status, headers });
  if (!session || form.get('_csrf') !== session.csrf) return answer(403, { _form: t('field.csrf') });
  const client = clientInfo(request, loadContext);
  try {
    if (form.has('code')) {
      const code = String(form.get('code') ?? '').trim();
      if (!session.challenge) return redirect(loginUrl(request, panel, 'signInAgain'));
      if (!code) return answer(400, { code: t('field.required') });
      return await enter(request, panel, t, await completeSignIn(session.challenge, code, client));
    }
    const parsed = credentials.safeParse({ email, password: form.get('password') ?? '' });
    if (!parsed.success)
      return answer(
        400,
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            t(issue.message.startsWith('field.') ? issue.message : 'field.invalid'),
          ]),
        ),
      );
    const step = await signIn(parsed.data.email, parsed.data.password, client);
    if ('challenge' in step) {
      const setCookie = await writePanelSession(request, panel, {
        ...SIGNED_OUT,
        csrf: newCsrf(),
        challenge: step.challenge,
      });
      return redirect(loginUrl(request, panel), { headers: { 'Set-Cookie': setCookie } });
    }
    if (config.ADMIN_REQUIRE_TWO_STEP) {
      await signOut(step.token);
      return answer(403, { _form: t('login.twoStepRequired') });
    }
    return await enter(request, panel, t, step);
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    if (error.code === GrpcStatus.RESOURCE_EXHAUSTED)
      return answer(429, {
        _form: t('login.throttled', { seconds: Math.ceil((error.retryAfterMs ?? 60_000) / 1000) }),
      });
    if (error.code === GrpcStatus.PERMISSION_DENIED) return answer(403, { _form: t('login.locked') });
    if (error.reason === 'CHALLENGE_EXPIRED')
      return redirect(loginUrl(request, panel, 'signInAgain'), {
        headers: { 'Set-Cookie': await writePanelSession(request, panel, { ...SIGNED_OUT, csrf: newCsrf() }) },
      });
    if (error.reason === 'INVALID_CODE' || (form.has('code') && error.code === GrpcStatus.INVALID_ARGUMENT))
      return answer(400, { code: t('login.codeFailed') });
    if (error.code === GrpcStatus.UNAUTHENTICATED || error.code === GrpcStatus.INVALID_ARGUMENT)
      return answer(400, { _form: t('login.failed') });
    throw error;
  }
}

/** The login page again, keeping where to go after it (and why, when told). */
function loginUrl(request: Request, panel: StaffPanel, reason?: string): string {
  const target = new URL(request.url).searchParams.get('redirect');
  const query = new URLSearchParams();
  if (target) query.set('redirect', target);
  if (reason) query.set('reason', reason);
  const search = query.toString();
  return routerPath(`${panelPath(panel, 'login')}${search ? `?${search}` : ''}`);
}

/** A signed-in staff user into the panel they hold; one who holds it not is signed out again (403). */
async function enter(
  request: Request,
  panel: StaffPanel,
  t: ReturnType<typeof translator>,
  { token, user }: { token: string; user: User },
) {
  if (!holdsPanel(user, panel)) {
    await signOut(token);
    return data(
      { email: user.email, errors: { _form: t('login.noRole', { role: `staff:${panel}` }) } },
      { status: 403 },
    );
  }
  const now = Date.now();
  const setCookie = await writePanelSession(request, panel, {
    token,
    userId: user.id,
    authAt: now,
    seenAt: now,
    csrf: newCsrf(),
  });
  return redirect(routerPath(backTo(panel, new URL(request.url).searchParams.get('redirect'))), {
    headers: { 'Set-Cookie': setCookie },
  });
}

/** Signs out of one panel (the accounts session ends; other panels stay signed in). */
export async function logoutAction(request: Request, panel: StaffPanel) {
  const session = await readPanelSession(request, panel);
  const form = await request.formData();
  if (session?.token && form.get('_csrf') === session.csrf) await signOut(session.token).catch(() => undefined);
  const setCookie = await writePanelSession(request, panel, {
    token: '',
    userId: '',
    authAt: 0,
    seenAt: 0,
    csrf: newCsrf(),
  });
  return redirect(routerPath(`${panelPath(panel, 'login')}?reason=signedOut`), {
    headers: { 'Set-Cookie': setCookie },
  });
}
