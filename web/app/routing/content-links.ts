import type { LocaleId } from '~/i18n/locales';
import { routePath, type RouteName } from './route-path';

/**
 * Our markdown texts link to pages by route name (`[mission](route:about.mission)`), so one text
 * serves every locale and the translated paths: the links are resolved for the reader's locale.
 */
export function resolveRouteLinks(html: string, locale: LocaleId, language: string): string {
  return html.replace(/href="route:([a-z.-]+)"/g, (_, name: string) => {
    try {
      return `href="${routePath(name as RouteName, { locale, language })}"`;
    } catch {
      return 'href="#"';
    }
  });
}
