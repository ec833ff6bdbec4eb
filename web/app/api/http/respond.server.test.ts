import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { InvalidQueryError } from './invalid-query.server';
import { apiLoader, errorResponse } from './respond.server';

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} });

describe('API error answers', () => {
  it('answers bad parameters with 400, the fields and no caching', async () => {
    const response = errorResponse(
      new InvalidQueryError([{ field: 'page', reason: 'must be at least 1', rule: 'min' }]),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({
      message: 'Invalid request',
      errors: [{ field: 'page', reason: 'must be at least 1', rule: 'min' }],
    });
  });

  it('names a service field violation after the API parameter the caller sent', async () => {
    const error = new RpcError(GrpcStatus.INVALID_ARGUMENT, 'bad', [
      { field: 'query', reason: 'too long', rule: 'max' },
      { field: 'page.hits_per_page', reason: 'must be between 1 and 100' },
      { field: 'refinements[0].facet', reason: 'unknown facet', rule: 'in' },
      { field: 'filter.brand_slug', reason: 'unknown brand' },
    ]);
    const body = await errorResponse(error, { query: 'search', 'filter.brand_slug': 'brand' }).json();
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual([
      'search',
      'hitsPerPage',
      'refinements',
      'brand',
    ]);
  });

  it('answers NOT_FOUND with 404 and UNAVAILABLE with 503, never cached', async () => {
    const notFound = errorResponse(new RpcError(GrpcStatus.NOT_FOUND, 'brand nokia not found'));
    expect([notFound.status, await notFound.json(), notFound.headers.get('Cache-Control')]).toEqual([
      404,
      { message: 'Not found' },
      'no-store',
    ]);
    const down = errorResponse(new RpcError(GrpcStatus.UNAVAILABLE, 'connect ECONNREFUSED'));
    expect([down.status, await down.json()]).toEqual([503, { message: 'Service unavailable' }]);
  });

  it('passes a thrown response (a redirect) through unchanged', () => {
    const redirect = new Response(null, { status: 301, headers: { Location: '/api/products/2' } });
    expect(errorResponse(redirect)).toBe(redirect);
  });

  it('logs a bug and answers a generic 500', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const loader = apiLoader(async () => {
        throw new TypeError('cannot read properties of undefined');
      });
      const response = await loader(args('http://site.test/api/brands'));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: 'Server error' });
      expect(log).toHaveBeenCalledWith('api endpoint failed', expect.any(TypeError));
    } finally {
      log.mockRestore();
    }
  });
});
