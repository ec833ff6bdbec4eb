import type { LoaderFunctionArgs } from '@remix-run/node';
import { fileBody } from '~/data/files.server';

/** GET /files/{file}: the download itself (the page about it is {locale}/files/{file}). */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = await fileBody(params.file ?? '');
  if (!file) throw new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(file.body), {
    headers: {
      'Content-Type': file.type,
      'Content-Disposition': `attachment; filename="${params.file}"`,
      'Cache-Control': 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
