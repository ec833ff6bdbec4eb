import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { Product } from '@pc/proto/catalog/v1/types';
import { alongsideProduct } from './live-product.server';

const notFound = new RpcError(GrpcStatus.NOT_FOUND, 'product x not found');
const down = new RpcError(GrpcStatus.UNAVAILABLE, 'offers down');
const later = <T>(settle: () => T | PromiseLike<T>, ms: number) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(settle()), ms));

describe('alongsideProduct', () => {
  it("answers the related call's result when the product exists, and without a product lookup", async () => {
    await expect(
      alongsideProduct(Promise.resolve(Product.fromPartial({ id: 'p' })), Promise.resolve('offers')),
    ).resolves.toBe('offers');
    await expect(alongsideProduct(undefined, Promise.resolve('offers'))).resolves.toBe('offers');
  });

  it("lets the product's failure win even when the other call failed first", async () => {
    const product: Promise<Product> = later<Product>(() => Promise.reject(notFound), 20);
    await expect(alongsideProduct(product, Promise.reject(down))).rejects.toBe(notFound);
  });

  it("fails with the related call's error when only that failed", async () => {
    await expect(
      alongsideProduct(Promise.resolve(Product.fromPartial({ id: 'p' })), Promise.reject(down)),
    ).rejects.toBe(down);
  });
});
