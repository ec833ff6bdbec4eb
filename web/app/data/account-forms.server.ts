import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { redirect } from '@remix-run/node';
import {
  businessForm,
  deleteAccountForm,
  endOtherSessionsForm,
  endSessionForm,
  passwordForm,
  profileForm,
  resendForm,
} from '~/account/forms';
import { requireSession } from '~/auth/guards.server';
import { cookieHeaders, signedOutCookies } from '~/auth/session-change.server';
import { clientInfo, ownAccount, ownSessions, resendVerification } from '~/services/accounts.server';
import { siteContext } from '~/site/site-context.server';
import { pageForm, type PageForms } from './form-action.server';
import { logoutPageForm } from './logout-form.server';
import { twoStepForms } from './two-step-forms.server';

/** A wrong current password on the account page is about that password, not a sign-in. */
const WRONG_PASSWORD = { INVALID_CREDENTIALS: 'account.wrongPassword' };

/**
 * The forms of the account page (spec §2.2): profile, password, business account, deletion
 * (with the password and a confirmation, spec §4), a new verification link, signing out one
 * device or every other (ADR 149), two-step sign-in (ADR 153), logout. Each acts
 * for the session's user; accounts checks it again (authorisation stays in the service).
 */
export const accountForms: PageForms = {
  profile: pageForm({
    schema: profileForm,
    reasons: WRONG_PASSWORD,
    run: async ({ input, request, context }) => {
      const { user } = await requireSession(request);
      const { current_password: currentPassword, ...change } = input;
      await ownAccount.update(user.id, change, currentPassword, clientInfo(request, context));
      return input.email.toLowerCase() === user.email.toLowerCase()
        ? { key: 'account.profileSaved' }
        : { key: 'account.emailChanged', values: { email: input.email } };
    },
  }),
  password: pageForm({
    schema: passwordForm,
    reasons: WRONG_PASSWORD,
    run: async ({ input, request, context }) => {
      const { user, sessionId } = await requireSession(request);
      const fields = {
        currentPassword: input.current_password,
        password: input.password,
        passwordConfirmation: input.password_confirmation,
        keepSessionId: sessionId,
      };
      await ownAccount.changePassword(user.id, fields, clientInfo(request, context));
      return { key: 'account.passwordChanged' };
    },
  }),
  business: pageForm({
    schema: businessForm,
    run: async ({ input, request }) => {
      const { user } = await requireSession(request);
      await ownAccount.enableBusiness(user.id, input.company, input.phone);
      return redirect('/account/business?welcome=1');
    },
  }),
  delete: pageForm({
    schema: deleteAccountForm,
    reasons: WRONG_PASSWORD,
    run: async ({ input, request }) => {
      const { user } = await requireSession(request);
      await ownAccount.delete(user.id, input.password);
      return redirect(`/${siteContext(request, undefined).locale.id}`, {
        headers: cookieHeaders(signedOutCookies(request)),
      });
    },
  }),
  resend: pageForm({
    schema: resendForm,
    reasons: { RATE_LIMITED: 'verify.throttled' },
    run: async ({ request }) => {
      const { user } = await requireSession(request);
      await resendVerification(user.id);
      return { key: 'verify.resent' };
    },
  }),
  endSession: pageForm({
    schema: endSessionForm,
    run: async ({ input, request }) => {
      const { user } = await requireSession(request);
      // Ended meanwhile (on that device, or from another page): signed out is what was asked.
      await ownSessions.end(user.id, input.session_id).catch((error: unknown) => {
        if (!(error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND)) throw error;
      });
      return { key: 'account.sessionEnded' };
    },
  }),
  endOtherSessions: pageForm({
    schema: endOtherSessionsForm,
    run: async ({ request }) => {
      const { user, sessionId } = await requireSession(request);
      await ownSessions.endOthers(user.id, sessionId);
      return { key: 'account.otherSessionsEnded' };
    },
  }),
  ...twoStepForms,
  logout: logoutPageForm,
};
