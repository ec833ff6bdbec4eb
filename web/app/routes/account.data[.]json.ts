import type { LoaderFunctionArgs } from '@remix-run/node';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { accountDataExport } from '~/account/data-export.server';
import { dataExportFileName } from '~/account/data-export-paths';
import { requireUser } from '~/auth/guards.server';
import { serverT } from '~/i18n/server-t.server';
import { siteContext } from '~/site/site-context.server';

/**
 * GET /account/data.json: a copy of everything the site keeps about the signed-in user, as a
 * JSON file to download (ADR 148; account/data-export.server.ts) — the right of access and to
 * data portability. Sign-in required: a visitor goes to login and comes back, as on every
 * account page; each service reads only the signed-in user's data. All or nothing: when any
 * service cannot answer, a 503 asks to try again instead of a copy that lacks a part.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const user = await requireUser(request);
  const now = new Date();
  let copy;
  try {
    copy = await accountDataExport(user, context.language, now);
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    return new Response(serverT(context.language).t('account.dataUnavailable'), {
      status: 503,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'private, no-store',
        'Retry-After': '60',
      },
    });
  }
  return new Response(JSON.stringify(copy, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${dataExportFileName(now)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
