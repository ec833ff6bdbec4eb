// npm run crawler:robots -- --robots FILE --agent UA --url URL
// Prints "allowed" or "disallowed": whether a crawler with that user agent may fetch the URL
// under the robots.txt in FILE (RFC 9309; the first 500 KiB are read, as the crawler does).
import { checkRobots } from '../robots/robots-matcher.js';
import { ROBOTS_MAX_BYTES } from '../robots/robots-limits.js';
import { parseRobotsTxt } from '../robots/robots-txt.js';
import { readOptions, runCommand, UsageError } from './cli-args.js';
import { readBoundedFile } from './read-bounded-file.js';

const USAGE = 'npm run crawler:robots -- --robots FILE --agent UA --url URL';

runCommand(USAGE, async () => {
  const options = readOptions(process.argv.slice(2), ['robots', 'agent', 'url'], ['robots', 'agent', 'url']);
  const url = options.url!;
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol))
    throw new UsageError(`--url: not an absolute http(s) URL: ${url}`);
  const { bytes, truncated } = await readBoundedFile(options.robots!, ROBOTS_MAX_BYTES);
  if (truncated)
    process.stderr.write(
      `note: ${options.robots} is larger than ${ROBOTS_MAX_BYTES / 1024} KiB; only its first ${ROBOTS_MAX_BYTES / 1024} KiB were read\n`,
    );
  return checkRobots(parseRobotsTxt(bytes), options.agent!, new URL(url).href).allowed ? 'allowed' : 'disallowed';
});
