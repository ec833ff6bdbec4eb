import type { LoaderFunctionArgs } from '@remix-run/node';
import { messagesFile } from '~/i18n/messages.server';
import { isInterfaceLanguage } from '~/i18n/regions';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * GET /i18n/{language}.{hash}.json: a language's messages for the browser (ADR 078). Named by
 * its content, so kept for a year; a page of an earlier release asking for an older hash gets
 * today's texts, kept briefly, rather than a page that cannot start. Not marked `public`: the
 * same answer serves signed-in visitors, whose `public` answers the edge makes `no-cache`.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const [, language, hash] = /^([a-z]{2})\.([0-9a-f]+)\.json$/.exec(params.file ?? '') ?? [];
  if (!isInterfaceLanguage(language)) throw new Response('Not found', { status: 404 });
  const file = messagesFile(language);
  return new Response(file.body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': hash === file.hash ? `max-age=${YEAR_SECONDS}, immutable` : 'max-age=300',
    },
  });
}
