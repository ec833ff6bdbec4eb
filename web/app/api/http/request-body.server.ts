/**
 * Request bodies read with a limit (issue 43): the site's edge refuses a declared length above
 * BODY_LIMIT_BYTES before anything reads it (web/edge/body-limit.cjs); here each route's own
 * limit holds while the body streams in — past it, reading stops and the answer is 413.
 * JSON bodies: 64 KB unless a route needs more; page forms: the same.
 */
export const JSON_BODY_LIMIT = 64 * 1024;
export const FORM_BODY_LIMIT = 64 * 1024;

const tooLarge = (maxBytes: number): Response => {
  const message = `the request body may be at most ${maxBytes} bytes`;
  return Response.json({ message, error: message }, { status: 413, headers: { 'Cache-Control': 'no-store' } });
};

/** The body's bytes, read chunk by chunk; past `maxBytes` the stream is cancelled and a 413 thrown. */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get('content-length')) > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** A page form's fields (urlencoded or multipart), read within FORM_BODY_LIMIT. */
export async function readForm(request: Request, maxBytes = FORM_BODY_LIMIT): Promise<FormData> {
  const bytes = await readBody(request, maxBytes);
  return new Response(bytes, {
    headers: { 'Content-Type': request.headers.get('content-type') ?? 'application/x-www-form-urlencoded' },
  }).formData();
}
