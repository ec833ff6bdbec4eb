import { data } from '@remix-run/node';
import { z } from 'zod';
import type { StaffContext } from '../../auth/staff-session.server';
import { panelPath } from '../../panels/panels';
import { hostByName, setHostPaused } from '../../services/crawler.server';
import { intent } from '../../writes/staff-write.server';

const hostField = z.object({ host: z.string().trim().min(1, 'field.required').max(253, 'field.tooLong') });

async function knownHost(context: StaffContext, host: string) {
  const found = await hostByName(context.user.id, host);
  if (!found) throw data({ notFound: true }, { status: 404 });
  return found;
}

/** Pause and resume of the hosts page: each confirmed, then made by the crawler (which checks staff:crawler). */
export function hostWrites() {
  const pausing = (paused: boolean) =>
    intent({
      schema: hostField,
      summary: async ({ host }, context, t) => {
        const found = await knownHost(context, host);
        return {
          title: t(paused ? 'hosts.summary.pause' : 'hosts.summary.resume', { host }),
          changes: [
            {
              label: t('hosts.status'),
              before: t(`hosts.status.${found.status}`),
              after: t(paused ? 'hosts.status.paused' : 'hosts.status.active'),
            },
          ],
        };
      },
      perform: async ({ host }, context) => {
        await setHostPaused(context.user.id, host, paused);
        return `${panelPath('crawler', 'hosts')}?q=${encodeURIComponent(host)}&done=1`;
      },
    });
  return { pause: pausing(true), resume: pausing(false) };
}
