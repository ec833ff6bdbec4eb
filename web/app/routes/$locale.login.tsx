import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { AuthPage } from '~/components/auth/AuthPage';
import { LoginExtras, LoginFields } from '~/components/auth/LoginFields';
import { FormNotice } from '~/components/forms/FormNotice';
import { PageForm } from '~/components/forms/PageForm';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { loginForm } from '~/auth/forms';
import { requireGuest } from '~/auth/guards.server';
import type { FormMessage } from '~/auth/page-forms';
import { sameSiteTarget } from '~/auth/redirect-target';
import { cookieHeaders } from '~/auth/session-change.server';
import { signIn } from '~/auth/sign-in.server';
import { twoStepPagePath } from '~/auth/two-step-paths';
import { pageForm, pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  await requireGuest(request);
  const url = new URL(request.url);
  const target = sameSiteTarget(url.searchParams.get('redirect'), `/${context.locale.id}`);
  return formPageData(request, {
    title: serverT(context.language).t('auth.loginTitle'),
    redirect: target,
    notice: loginNotice(url),
  });
}

/** Signs in and goes to the `redirect` target (spec §2.5), a path on this site, else home. */
export async function action(args: ActionFunctionArgs) {
  const context = siteContext(args.request, args.params.locale);
  await requireGuest(args.request);
  return pageFormAction(args, {
    login: pageForm({
      schema: loginForm,
      run: async ({ input, posted, request, context: load }) => {
        const asked = posted.get('redirect');
        const target = sameSiteTarget(typeof asked === 'string' ? asked : null, `/${context.locale.id}`);
        const signedIn = await signIn(request, load, input);
        // Two-step sign-in on (ADR 153): the code page first, then the target.
        const next = signedIn.secondStep ? twoStepPagePath(context.locale.id, target) : target;
        return redirect(next, { headers: cookieHeaders(signedIn.setCookies) });
      },
    }),
  });
}

/**
 * What the login page says on arrival: after registering (`?registered=1`), after an e-mail
 * change was undone (`?restored=1|0`), after the second step's challenge expired (`?two_step=expired`).
 */
function loginNotice(url: URL): { done?: FormMessage; error?: FormMessage } {
  if (url.searchParams.get('registered') === '1') return { done: { key: 'auth.registered' } };
  if (url.searchParams.get('two_step') === 'expired') return { error: { key: 'twoStep.signInAgain' } };
  const restored = url.searchParams.get('restored');
  if (restored === '1') return { done: { key: 'auth.emailRestored' } };
  if (restored === '0') return { error: { key: 'auth.restoreFailed' } };
  return {};
}

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Log in'),
  { name: 'robots', content: 'noindex' },
];

/** {locale}/login, guest only (spec §2.2, §2.6 login form, §5 rules, §8 texts). */
export default function Login() {
  const { redirect: target, notice } = useLoaderData<typeof loader>();
  // The arrival's notice gives way once the form answered.
  const answered = useActionData<typeof action>() !== undefined;
  const { t } = useSite();
  return (
    <AuthPage title={t('auth.loginTitle')}>
      {answered ? null : <FormNotice error={notice.error} done={notice.done} />}
      <PageForm schema={loginForm} submit={t('auth.submitLogin')} hidden={{ redirect: target }}>
        {(errors) => <LoginFields errors={errors} />}
      </PageForm>
      <LoginExtras />
    </AuthPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
