import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AuthPage } from '~/components/auth/AuthPage';
import { CodeField } from '~/components/auth/CodeField';
import { PageForm } from '~/components/forms/PageForm';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { requireGuest } from '~/auth/guards.server';
import { sameSiteTarget } from '~/auth/redirect-target';
import { cookieHeaders } from '~/auth/session-change.server';
import { challengeToken, clearedChallengeCookie } from '~/auth/two-step-cookie.server';
import { twoStepCodeForm } from '~/auth/two-step-forms';
import { RECOVERY_CODE_LANDING, signInAgainPath } from '~/auth/two-step-paths';
import { challengeEnded, completeTwoStep } from '~/auth/two-step-sign-in.server';
import { pageForm, pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { TWO_STEP_REASONS } from '~/data/two-step-reasons.server';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

/** The sign-in's target (spec §2.5: a path on this site, else the locale's home). */
const targetOf = (asked: FormDataEntryValue | null, locale: string) =>
  sameSiteTarget(typeof asked === 'string' ? asked : null, `/${locale}`);

/** Guest only, and only while the first step's challenge lives (its cookie): else the login page says "log in again". */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  await requireGuest(request);
  const target = targetOf(new URL(request.url).searchParams.get('redirect'), context.locale.id);
  if (!challengeToken(request)) throw redirect(signInAgainPath(context.locale.id, target));
  return formPageData(request, { title: serverT(context.language).t('twoStep.title'), redirect: target });
}

/**
 * The code to accounts with the challenge: signed in as the login page signs in, then the
 * target — or, after a recovery code, the account page saying how many are left. An expired or
 * ended challenge goes back to the login page.
 */
export async function action(args: ActionFunctionArgs) {
  const context = siteContext(args.request, args.params.locale);
  await requireGuest(args.request);
  return pageFormAction(args, {
    twoStep: pageForm({
      schema: twoStepCodeForm,
      reasons: TWO_STEP_REASONS,
      run: async ({ input, posted, request, context: load }) => {
        const target = targetOf(posted.get('redirect'), context.locale.id);
        try {
          const signedIn = await completeTwoStep(request, load, input.code);
          const next = signedIn.recoveryCodesLeft === null ? target : RECOVERY_CODE_LANDING;
          return redirect(next, { headers: cookieHeaders(signedIn.setCookies) });
        } catch (error) {
          if (!challengeEnded(error)) throw error;
          return redirect(signInAgainPath(context.locale.id, target), {
            headers: cookieHeaders([clearedChallengeCookie(request)]),
          });
        }
      },
    }),
  });
}

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Two-step sign-in'),
  { name: 'robots', content: 'noindex' },
];

/** {locale}/login/two-step: the app's code (or a recovery code) after the password (ADR 153). */
export default function TwoStepSignIn() {
  const { redirect: target } = useLoaderData<typeof loader>();
  const { t, route } = useSite();
  return (
    <AuthPage title={t('twoStep.title')}>
      <p>{t('twoStep.pageIntro')}</p>
      <PageForm schema={twoStepCodeForm} submit={t('twoStep.submit')} hidden={{ redirect: target }}>
        {(errors) => (
          <CodeField
            idPrefix="two-step"
            label={t('twoStep.code')}
            hint={t('twoStep.codeHint')}
            error={errors.code}
            recovery
          />
        )}
      </PageForm>
      <p>
        <Link to={route('login', {}, { redirect: target })}>{t('twoStep.logInAgain')}</Link>
      </p>
    </AuthPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
