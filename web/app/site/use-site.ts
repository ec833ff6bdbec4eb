import { useContext } from 'react';
import { SiteContext, type Site } from './site-provider';

/** The page's locale, language, formatting tag, user, `t` and the route helper bound to them. */
export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside the SiteProvider of the root layout');
  return site;
}

export type { Site };
