import { isbot } from 'isbot';
import { UserAgentClass } from '@pc/proto/affiliates/v1/types';

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i;
const MOBILE = /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|BlackBerry|Opera Mini/i;
const DESKTOP = /Windows NT|Macintosh|X11|CrOS|Linux x86_64/i;

/**
 * The class of client behind a user agent. Crawlers and tools come from `isbot`'s maintained
 * list (an empty agent counts as a bot too: browsers always send one); the device classes from
 * the tokens browsers put in the agent.
 */
export function userAgentClass(userAgent: string): UserAgentClass {
  const agent = userAgent.trim();
  if (!agent || isbot(agent)) return UserAgentClass.USER_AGENT_CLASS_BOT;
  if (TABLET.test(agent)) return UserAgentClass.USER_AGENT_CLASS_TABLET;
  if (MOBILE.test(agent)) return UserAgentClass.USER_AGENT_CLASS_MOBILE;
  if (DESKTOP.test(agent)) return UserAgentClass.USER_AGENT_CLASS_DESKTOP;
  return UserAgentClass.USER_AGENT_CLASS_OTHER;
}
