/** Gives `target` a `path` that counts its reads in `reads`: what tells whether routes were made again. */
export function withCountedPath<T extends object>(target: T, path: string | undefined, reads: { count: number }): T {
  Object.defineProperty(target, 'path', {
    enumerable: true,
    get: () => {
      reads.count += 1;
      return path;
    },
  });
  return target;
}
