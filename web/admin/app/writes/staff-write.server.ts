import { status as GrpcStatus } from '@grpc/grpc-js';
import { data, redirect } from '@remix-run/node';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { z } from 'zod';
import { writePanelSession } from '../auth/panel-cookie.server';
import { needsReauth, requireStaff, type StaffContext } from '../auth/staff-session.server';
import { pickLanguage } from '../i18n/language.server';
import { translator, type Translate } from '../i18n/languages';
import { routerPath, type StaffPanel } from '../panels/panels';
import { signIn, signOut, clientInfo } from '../services/accounts.server';
import { fieldErrorsOf } from './field-errors';
import type { ConfirmSummary, WriteState } from './write-state';

/** One write a page offers (its form posts `_intent` = the key it is registered under). */
export interface WriteIntent<F> {
  readonly schema: z.ZodType<F>;
  /** Destructive writes ask for the password again when the last sign-in is old (ADMIN_REAUTH_MINUTES). */
  readonly destructive?: boolean;
  /** Checks that need the owning service (an id typed in exists): field errors, or null when fine. */
  readonly check?: (fields: F, context: StaffContext, t: Translate) => Promise<Record<string, string> | null>;
  /** What the confirm step shows: the change, before and after (reads the current state). */
  readonly summary: (fields: F, context: StaffContext, t: Translate) => Promise<ConfirmSummary>;
  /** Makes the change through the owning service (which checks the role and audits it); answers where to go next. */
  readonly perform: (fields: F, context: StaffContext) => Promise<string>;
}

/** Registers an intent with its fields' type inferred from the schema. */
export const intent = <F>(spec: WriteIntent<F>): WriteIntent<F> => spec;

const formFields = (form: FormData): Record<string, string> =>
  Object.fromEntries(
    [...form]
      .filter(([key, value]) => !key.startsWith('_') && typeof value === 'string')
      .map(([key, value]) => [key, String(value)]),
  );

/**
 * A panel page's action: every write is validated (400 with field errors, nothing written),
 * then confirmed on a page of its own (a plain form: works without JavaScript), with the password
 * again for destructive writes when the last sign-in is old; only then made, through the service
 * that owns the data. The form's CSRF token must match the panel's session.
 */
export async function staffWrite(
  request: Request,
  panel: StaffPanel,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each intent has fields of its own type
  intents: Readonly<Record<string, WriteIntent<any>>>,
  loadContext?: { clientIp?: unknown },
) {
  let context = await requireStaff(request, panel);
  const t = translator((await pickLanguage(request)).language);
  const form = await request.formData();
  const name = String(form.get('_intent') ?? '');
  const spec = intents[name] as WriteIntent<unknown> | undefined;
  const fields = formFields(form);
  const headers = { 'Set-Cookie': context.setCookie };
  const fail = (errors: Record<string, string>, status = 400) =>
    data({ stage: 'errors', intent: name, fields, errors } satisfies WriteState, { status, headers });
  if (!spec) return fail({ _form: t('field.invalid') });
  if (form.get('_csrf') !== context.session.csrf) return fail({ _form: t('field.csrf') }, 403);

  const parsed = spec.schema.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      errors[String(issue.path[0] ?? '_form')] ??= t(
        issue.message.startsWith('field.') ? issue.message : 'field.invalid',
        // "At most {max} characters."
        issue.code === 'too_big' ? { max: String(issue.maximum) } : {},
      );
    return fail(errors);
  }
  const checked = spec.check ? await spec.check(parsed.data, context, t) : null;
  if (checked) return fail(checked);
  const destructive = spec.destructive ?? false;
  const needsPassword = destructive && needsReauth(context);
  if (form.get('_confirmed') !== '1') {
    const summary = await spec.summary(parsed.data, context, t);
    return data({ stage: 'confirm', intent: name, fields, summary, destructive, needsPassword } satisfies WriteState, {
      headers,
    });
  }
  if (needsPassword) {
    const reauthenticated = await reauthenticate(request, context, String(form.get('_password') ?? ''), loadContext);
    if (!reauthenticated) {
      const summary = await spec.summary(parsed.data, context, t);
      return data(
        {
          stage: 'confirm',
          intent: name,
          fields,
          summary,
          destructive,
          needsPassword,
          errors: { _password: t('field.password') },
        } satisfies WriteState,
        { status: 400, headers },
      );
    }
    context = reauthenticated;
  }
  try {
    const next = await spec.perform(parsed.data, context);
    return redirect(routerPath(next), { headers: { 'Set-Cookie': context.setCookie } });
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    if (error.code === GrpcStatus.PERMISSION_DENIED) throw data({ forbidden: panel }, { status: 403, headers });
    if (error.code === GrpcStatus.NOT_FOUND) throw data({ notFound: true }, { status: 404, headers });
    if (error.code === GrpcStatus.UNAVAILABLE || error.code === GrpcStatus.DEADLINE_EXCEEDED)
      throw data({ unavailable: true }, { status: 503, headers });
    if (error.code === GrpcStatus.ABORTED) return fail({ _form: t('write.conflict') }, 409);
    const fieldErrors = fieldErrorsOf(error, t);
    if (Object.keys(fieldErrors).length > 0) return fail(fieldErrors);
    if (
      [
        GrpcStatus.INVALID_ARGUMENT,
        GrpcStatus.FAILED_PRECONDITION,
        GrpcStatus.ALREADY_EXISTS,
        GrpcStatus.OUT_OF_RANGE,
      ].includes(error.code)
    )
      return fail({ _form: t('write.refused', { reason: error.details }) }, 409);
    throw error;
  }
}

/** The password again: a new accounts session replaces the panel's (the old one ends), or, with two-step sign-in on, the panel's stays. */
async function reauthenticate(
  request: Request,
  context: StaffContext,
  password: string,
  loadContext?: { clientIp?: unknown },
): Promise<StaffContext | null> {
  if (!password) return null;
  try {
    const step = await signIn(context.user.email, password, clientInfo(request, loadContext));
    // Two-step sign-in on: accounts answers the right password with a challenge (ADR 153); the
    // panel's session stays, the password was what this step asks for.
    const token = 'token' in step ? step.token : context.session.token;
    if (token !== context.session.token) await signOut(context.session.token).catch(() => undefined);
    const session = { ...context.session, token, authAt: Date.now(), seenAt: Date.now() };
    return { ...context, session, setCookie: await writePanelSession(request, context.panel, session) };
  } catch (error) {
    if (
      error instanceof RpcError &&
      [GrpcStatus.UNAUTHENTICATED, GrpcStatus.RESOURCE_EXHAUSTED, GrpcStatus.INVALID_ARGUMENT].includes(error.code)
    )
      return null;
    throw error;
  }
}
