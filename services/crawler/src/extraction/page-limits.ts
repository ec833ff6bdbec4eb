/** A product page larger than this is refused (fetch and CLI alike): no shop page needs more. */
export const PAGE_MAX_BYTES = 5 * 1024 * 1024;
