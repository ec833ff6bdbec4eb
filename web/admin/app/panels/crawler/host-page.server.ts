import { data, redirect } from '@remix-run/node';
import { requireStaff, type StaffContext } from '../../auth/staff-session.server';
import { routerPath } from '../../panels/panels';
import {
  checkUrlAgainstRobots,
  hostDetail,
  hostRobots,
  originOfHost,
  type HostDetail,
  type UrlCheck,
} from '../../services/crawler.server';
import { hostPagePath } from './crawler-paths';

/** The host of the page's address, as the crawler knows it; 404 (the panel's not-found page) when it does not. */
export async function hostOfPage(context: StaffContext, param: string | undefined): Promise<HostDetail> {
  const name = (param ?? '').trim().toLowerCase();
  const host = name && name.length <= 253 ? await hostDetail(name) : null;
  if (!host) throw data({ notFound: true }, { status: 404, headers: { 'Set-Cookie': context.setCookie } });
  return host;
}

/**
 * The "check a URL" form's answer: CheckUrl's answer (its verdict, the crawler's refusal of the
 * URL, or robots.txt not obtainable now), or what is wrong with the input (`badUrl`: neither an
 * http(s) URL nor a path; `otherHost`: a URL of another host).
 */
export type HostUrlCheck =
  | { readonly input: string; readonly url: string; readonly check: UrlCheck }
  | { readonly input: string; readonly problem: 'badUrl' | 'otherHost' };

/** The URL the form names on this host: a path (on the host's known origin) or an http(s) URL of the host. */
async function urlOnHost(context: StaffContext, host: string, input: string): Promise<URL | 'badUrl' | 'otherHost'> {
  let url: URL;
  try {
    url = input.startsWith('/') ? new URL(input, await originOfHost(context.user.id, host)) : new URL(input);
  } catch {
    return 'badUrl';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'badUrl';
  return url.host.toLowerCase() === host ? url : 'otherHost';
}

/** Whether robots.txt lets the crawler fetch a URL (or path) of the host, and the rule that decided. */
export async function checkOnHost(context: StaffContext, host: string, input: string): Promise<HostUrlCheck> {
  const url = await urlOnHost(context, host, input);
  if (typeof url === 'string') return { input, problem: url };
  return { input, url: url.href, check: await checkUrlAgainstRobots(url.href) };
}

/** What the "fetch robots.txt again" post answers when it does not go back to the page. */
export type RefreshState =
  { readonly refresh: 'csrf' | 'invalid' } | { readonly refresh: 'unavailable'; readonly reason: string };

/**
 * "Fetch robots.txt again": a plain post (the panel's CSRF token, no confirm step — it changes
 * nothing staff decide, only renews the crawler's copy, fetched politely in the host's turn). Back
 * to the page with `?refreshed=1`; robots.txt not obtainable is said on the page.
 */
export async function refreshRobots(request: Request, param: string | undefined) {
  const context = await requireStaff(request, 'crawler');
  const headers = { 'Set-Cookie': context.setCookie };
  const form = await request.formData();
  if (form.get('_csrf') !== context.session.csrf)
    return data({ refresh: 'csrf' } satisfies RefreshState, { status: 403, headers });
  if (form.get('_intent') !== 'refreshRobots')
    return data({ refresh: 'invalid' } satisfies RefreshState, { status: 400, headers });
  const host = await hostOfPage(context, param);
  const answer = await hostRobots(host.host, true);
  if (!answer.ok) return data({ refresh: 'unavailable', reason: answer.reason } satisfies RefreshState, { headers });
  return redirect(routerPath(`${hostPagePath(host.host)}?refreshed=1`), { headers });
}
