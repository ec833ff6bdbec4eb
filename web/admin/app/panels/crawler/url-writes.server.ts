import { data } from '@remix-run/node';
import { z } from 'zod';
import { panelPath } from '../panels';
import { recrawlNow, urlByAddress } from '../../services/crawler-pages.server';
import { intent } from '../../writes/staff-write.server';

const urlField = z.object({ url: z.string().trim().min(1, 'field.required').max(2048, 'field.tooLong') });

/** "Re-crawl now": confirmed (the URL's next visit → now), then queued by the crawler, which checks staff:crawler and audits it. */
export function urlWrites() {
  return {
    recrawl: intent({
      schema: urlField,
      summary: async ({ url }, _context, t) => {
        const found = await urlByAddress(url);
        if (!found) throw data({ notFound: true }, { status: 404 });
        return {
          title: t('urls.summary.recrawl', { url }),
          changes: [{ label: t('urls.nextVisit'), before: found.nextVisitAt || t('app.none'), after: t('urls.now') }],
        };
      },
      perform: async ({ url }, context) => {
        await recrawlNow(context.user.id, url);
        return `${panelPath('crawler', 'urls')}?${new URLSearchParams({ q: url, done: '1' })}`;
      },
    }),
  };
}
