import type {
  CheckUrlRequest,
  CheckUrlResponse,
  GetRobotsRequest,
  GetRobotsResponse,
} from '@pc/proto/crawler/v1/crawler';
import { UnavailableError } from '@pc/kit/errors/domain-errors';
import { hostKeyOf } from '../domain/crawl-url.js';
import { checkRobots, crawlDelayFor } from '../robots/robots-matcher.js';
import { politeRobots } from '../workflows/polite-robots.js';
import type { CrawlerDependencies } from './dependencies.js';
import { robotsMessage } from './messages.js';
import { hostField, urlField } from './request-fields.js';

/** The product token of a user agent ("Googlebot/2.1 (+…)" → "Googlebot"). */
const tokenOf = (userAgent: string): string => /^[A-Za-z_-]*/.exec(userAgent.trim())![0];

export async function getRobots(request: GetRobotsRequest, deps: CrawlerDependencies): Promise<GetRobotsResponse> {
  const host = hostField('host', request.host);
  const origin = (await deps.requests.startUrlOf(host)).origin;
  const record = await politeRobots(deps, origin, host, request.refresh);
  if (record.error && record.body === '' && record.httpStatus === 0)
    throw new UnavailableError(`robots.txt of ${host} could not be fetched: ${record.error}`);
  const rule = deps.robots.ruleOf(record);
  const robots = rule.kind === 'rules' ? rule.robots : null;
  return {
    robots: robotsMessage(
      record,
      deps.robotsToken,
      robots ? crawlDelayFor(robots, deps.robotsToken) : null,
      robots?.sitemaps ?? [],
    ),
  };
}

/** Whether a user agent (ours when empty) may fetch a URL, and the rule that decided. */
export async function checkUrl(request: CheckUrlRequest, deps: CrawlerDependencies): Promise<CheckUrlResponse> {
  const url = urlField('url', request.url);
  const token = request.userAgent.trim() ? tokenOf(request.userAgent) : deps.robotsToken;
  const record = await politeRobots(deps, url.origin, hostKeyOf(url), false);
  const rule = deps.robots.ruleOf(record);
  if (rule.kind === 'allow-all') return { allowed: true, matchedRule: '', matchedLine: 0, matchedGroup: '' };
  if (rule.kind === 'disallow-all')
    return {
      allowed: false,
      matchedRule: `robots.txt unavailable (${rule.reason}): nothing may be fetched`,
      matchedLine: 0,
      matchedGroup: '',
    };
  const verdict = checkRobots(rule.robots, token, url.href);
  return {
    allowed: verdict.allowed,
    matchedRule: verdict.rule?.text ?? '',
    matchedLine: verdict.rule?.line ?? 0,
    matchedGroup: verdict.group ?? '',
  };
}
