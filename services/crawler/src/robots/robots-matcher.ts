import { patternMatches, robotsPathOf } from './robots-pattern.js';
import type { RobotsGroup, RobotsRule, RobotsTxt } from './robots-txt.js';

export interface RobotsVerdict {
  readonly allowed: boolean;
  /** The deciding rule as written, e.g. "Disallow: /cart"; null when no rule matched. */
  readonly rule: RobotsRule | null;
  /** The User-agent value of the group that applied ("*" for the global one); null when none. */
  readonly group: string | null;
}

/** The product token of a User-agent value: its leading letters, '_' and '-' ("FooBot/2.1" → "FooBot"). */
const productToken = (value: string): string => /^[A-Za-z_-]*/.exec(value)![0];

/** "*", alone or followed by a space, names the global group. */
const isGlobal = (value: string): boolean => value === '*' || /^\*\s/.test(value);

interface Candidate {
  readonly rule: RobotsRule;
  readonly group: string;
}

/** The rule that decides among those of some groups: the longest matching pattern; Allow wins a tie. */
function decide(groups: readonly { group: RobotsGroup; name: string }[], path: string): Candidate | null {
  let best: Candidate | null = null;
  for (const { group, name } of groups) {
    for (const rule of group.rules) {
      // An empty pattern matches nothing (RFC 9309: "Disallow:" with no path allows everything).
      if (rule.pattern === '' || !patternMatches(path, rule.pattern)) continue;
      const longer = !best || rule.pattern.length > best.rule.pattern.length;
      const tieWonByAllow =
        best !== null && rule.pattern.length === best.rule.pattern.length && rule.allow && !best.rule.allow;
      if (longer || tieWonByAllow) best = { rule, group: name };
    }
  }
  return best;
}

/** The groups that apply to a crawler: all groups naming its product token, else all "*" groups. */
export function groupsFor(
  robots: RobotsTxt,
  userAgent: string,
): { readonly specific: boolean; readonly groups: readonly { group: RobotsGroup; name: string }[] } {
  const token = userAgent.toLowerCase();
  const specific = robots.groups.flatMap((group) => {
    const name = group.agents.find((agent) => !isGlobal(agent) && productToken(agent).toLowerCase() === token);
    return name === undefined ? [] : [{ group, name }];
  });
  if (specific.length > 0) return { specific: true, groups: specific };
  return {
    specific: false,
    groups: robots.groups.filter((group) => group.agents.some(isGlobal)).map((group) => ({ group, name: '*' })),
  };
}

/**
 * Whether `userAgent` (the crawler's product token, e.g. "PriceCompareBot") may fetch `url`
 * (RFC 9309 §2.2): the groups naming it, else the "*" groups, merged; among their rules the most
 * specific match (most octets) decides, Allow winning a tie; no match means allowed.
 */
export function checkRobots(robots: RobotsTxt, userAgent: string, url: string): RobotsVerdict {
  const { groups } = groupsFor(robots, userAgent);
  const decided = decide(groups, robotsPathOf(url));
  if (!decided) return { allowed: true, rule: null, group: groups[0]?.name ?? null };
  return { allowed: decided.rule.allow, rule: decided.rule, group: decided.group };
}

/** The Crawl-delay (seconds) of the groups that apply to the crawler: the largest one set. */
export function crawlDelayFor(robots: RobotsTxt, userAgent: string): number | null {
  const delays = groupsFor(robots, userAgent)
    .groups.map(({ group }) => group.crawlDelaySeconds)
    .filter((delay): delay is number => delay !== null);
  return delays.length === 0 ? null : Math.max(...delays);
}
