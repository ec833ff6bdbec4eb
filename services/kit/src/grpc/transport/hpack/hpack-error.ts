/** A header block that cannot be decoded: a connection error of type COMPRESSION_ERROR (RFC 7541 §2.1). */
export class HpackError extends Error {
  override readonly name = 'HpackError';
}
