import type { LoaderFunctionArgs } from '@remix-run/node';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { invalidRequestResponse, responseForError } from '~/services/grpc-errors.server';
import { CachePolicy, type CacheControl } from './cache-policy.server';
import { InvalidQueryError } from './invalid-query.server';

/** A request as an endpoint sees it. */
export interface ApiCall {
  readonly url: URL;
  readonly params: LoaderFunctionArgs['params'];
}

/** Service field names (as the protos name them) → the API parameter a caller should fix. */
export type FieldNames = Readonly<Record<string, string>>;

/** Fields every endpoint passes to the services in the same way. */
const COMMON_FIELDS: FieldNames = {
  language: 'locale',
  country: 'locale',
  display_currency: 'locale',
  'page.page': 'page',
  'page.hits_per_page': 'hitsPerPage',
  refinements: 'refinements',
  range_refinements: 'refinements',
};

/** A JSON answer with its Cache-Control. */
export function jsonResponse(body: unknown, cacheControl: CacheControl): Response {
  return Response.json(body, { headers: { 'Cache-Control': cacheControl } });
}

/** A permanent redirect (a merged product now lives under another id). */
export function movedPermanently(location: string): Response {
  return new Response(null, { status: 301, headers: { Location: location, 'Cache-Control': CachePolicy.catalog } });
}

function renameField(field: string, names: FieldNames): string {
  const root = field.split(/[.[]/, 1)[0] ?? field;
  return names[field] ?? names[root] ?? field;
}

/** The violations of a service's INVALID_ARGUMENT, named as the caller named the parameters. */
function withApiFieldNames(error: RpcError, names: FieldNames): RpcError {
  if (error.violations.length === 0) return error;
  const violations = error.violations.map((v) => ({ ...v, field: renameField(v.field, names) }));
  return new RpcError(error.code, error.details, violations, error.retryAfterMs, error.reason, { cause: error });
}

/** Any failure of an endpoint as the JSON error the API documents; errors are never cached. */
export function errorResponse(error: unknown, fieldNames: FieldNames = {}): Response {
  let response: Response;
  if (error instanceof Response) return error;
  if (error instanceof InvalidQueryError) response = invalidRequestResponse(error.errors);
  else if (error instanceof RpcError)
    response = responseForError(withApiFieldNames(error, { ...COMMON_FIELDS, ...fieldNames }));
  else {
    // A bug, not a service failure: keep the stack in the log, tell the caller nothing.
    console.error('api endpoint failed', error);
    response = responseForError(error);
  }
  response.headers.set('Cache-Control', CachePolicy.none);
  return response;
}

/**
 * The loader of an API resource route: runs the endpoint and turns whatever it throws into the
 * documented error answer.
 */
export function apiLoader(endpoint: (call: ApiCall) => Promise<Response>, fieldNames: FieldNames = {}) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<Response> => {
    try {
      return await endpoint({ url: new URL(request.url), params });
    } catch (error) {
      return errorResponse(error, fieldNames);
    }
  };
}
