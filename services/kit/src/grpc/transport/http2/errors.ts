/** A fault that ends the whole connection with GOAWAY(code) (RFC 9113 §5.4.1). */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A fault that ends one stream with RST_STREAM(code) (§5.4.2); the connection goes on. */
export class StreamError extends Error {
  override readonly name = 'StreamError';
  constructor(
    readonly streamId: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
