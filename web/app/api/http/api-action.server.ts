import type { ActionFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import { csrfFailure, hasValidCsrfToken } from '~/auth/csrf.server';
import { invalidRequestResponse, responseForActionError } from '~/services/grpc-errors.server';
import { InvalidQueryError } from './invalid-query.server';
import { parseOrThrow } from './query.server';
import { JSON_BODY_LIMIT, readBody } from './request-body.server';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A state-changing request as an endpoint sees it. */
export interface ActionCall {
  readonly request: Request;
  readonly url: URL;
  readonly params: ActionFunctionArgs['params'];
  /** The edge's load context (web/edge/site-edge.cjs): `clientIp`, the visitor's address. */
  readonly context?: ActionFunctionArgs['context'];
}

export interface ActionOptions {
  /** Checked unless false (spec §7: every state-changing call carries X-XSRF-TOKEN). */
  readonly csrf?: boolean;
}

/** The request's JSON body (at most `maxBytes`: 413) checked against a schema (400 naming each bad field). */
export async function jsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = JSON_BODY_LIMIT,
): Promise<z.output<S>> {
  let body: unknown = {};
  const text = new TextDecoder().decode(await readBody(request, maxBytes));
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new InvalidQueryError([{ field: 'body', reason: 'must be JSON', rule: 'json' }]);
    }
  }
  return parseOrThrow(schema, body);
}

/** A JSON answer that is never cached (it is about one user). */
export function privateJson(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const all = new Headers(headers);
  if (!all.has('Cache-Control')) all.set('Cache-Control', 'no-store');
  return Response.json(body, { status, headers: all });
}

/** Any failure of an action as the documented error answer (never cached). */
export function actionErrorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof InvalidQueryError) {
    const response = invalidRequestResponse(error.errors);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }
  if (!(error instanceof Error && error.name === 'RpcError')) console.error('api action failed', error);
  return responseForActionError(error);
}

/**
 * The action of a resource route: one handler per method, the CSRF check first (419 "page
 * expired" without it), then the handler; whatever it throws becomes the documented error.
 */
export function apiAction(
  handlers: Partial<Record<Method, (call: ActionCall) => Promise<Response>>>,
  options: ActionOptions = {},
) {
  return async ({ request, params, context }: ActionFunctionArgs): Promise<Response> => {
    const handler = handlers[request.method.toUpperCase() as Method];
    if (!handler)
      return privateJson({ message: 'Method not allowed', error: 'Method not allowed' }, 405, {
        Allow: Object.keys(handlers).join(', '),
      });
    if (options.csrf !== false && !hasValidCsrfToken(request)) return csrfFailure();
    try {
      return await handler({ request, url: new URL(request.url), params, context });
    } catch (error) {
      return actionErrorResponse(error);
    }
  };
}

/** The loader of a private JSON resource (favourites, alerts): errors as actions answer them. */
export function privateLoader(endpoint: (call: ActionCall) => Promise<Response>) {
  return async ({ request, params }: ActionFunctionArgs): Promise<Response> => {
    try {
      return await endpoint({ request, url: new URL(request.url), params });
    } catch (error) {
      return actionErrorResponse(error);
    }
  };
}
