import robotsParser from 'robots-parser';
import { loadRobotsSpecSuite, type RobotsSpecCase } from '../test-support/robots-spec-suite.js';
import { checkRobots } from './robots-matcher.js';
import { parseRobotsTxt } from './robots-txt.js';

const suite = loadRobotsSpecSuite();

/** Our matcher: the robots.txt bytes parsed as they are, the URL's path read as given. */
const ours = (test: RobotsSpecCase): boolean =>
  checkRobots(parseRobotsTxt(test.robotsTxt), test.userAgent, test.url).allowed;

/** robots-parser (npm): it reads text and answers undefined for a URL it cannot place; that reads as allowed. */
function npmRobotsParser(test: RobotsSpecCase): boolean {
  const url = Buffer.from(test.url, 'latin1').toString('utf8');
  let origin = 'http://foo.bar';
  try {
    origin = new URL(url).origin;
  } catch {
    // The suite has an empty URL; robots-parser cannot place it either.
  }
  const robots = robotsParser(`${origin}/robots.txt`, test.robotsTxt.toString('utf8'));
  return robots.isAllowed(url, Buffer.from(test.userAgent, 'latin1').toString('utf8')) !== false;
}

function score(
  matcher: (test: RobotsSpecCase) => boolean,
  cases: readonly RobotsSpecCase[],
): { passed: number; failed: string[] } {
  const failed = cases.filter((test) => matcher(test) !== test.allowed).map((test) => test.id);
  return { passed: cases.length - failed.length, failed };
}

const standard = suite.filter((test) => !test.googleSpecific);
const googleSpecific = suite.filter((test) => test.googleSpecific);

describe("Google's robots.txt compliance tests", () => {
  it('are all read: 400 expectations, 22 of them Google-specific', () => {
    expect(suite).toHaveLength(400);
    expect(googleSpecific).toHaveLength(22);
  });

  it('pass 100 % with our matcher, Google-specific cases included', () => {
    expect(score(ours, standard).failed).toEqual([]);
    expect(score(ours, googleSpecific).failed).toEqual([]);
  });

  it('measure robots-parser on the same cases (reported, not required)', () => {
    const onStandard = score(npmRobotsParser, standard);
    const onGoogle = score(npmRobotsParser, googleSpecific);
    process.stdout.write(
      `robots-parser: ${onStandard.passed}/${standard.length} standard, ${onGoogle.passed}/${googleSpecific.length} Google-specific; ` +
        `ours: ${score(ours, standard).passed}/${standard.length}, ${score(ours, googleSpecific).passed}/${googleSpecific.length}\n` +
        `robots-parser fails: ${onStandard.failed.join(', ')}\n`,
    );
    expect(onStandard.passed).toBeGreaterThan(0);
  });
});
