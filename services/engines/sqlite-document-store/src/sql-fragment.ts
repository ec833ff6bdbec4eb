/** A piece of SQL and the values of its `?` placeholders, in order. */
export interface SqlFragment {
  readonly sql: string;
  readonly params: readonly unknown[];
}

export function fragment(sql: string, ...params: unknown[]): SqlFragment {
  return { sql, params };
}

export function joinFragments(parts: readonly SqlFragment[], separator: string, empty: string): SqlFragment {
  if (parts.length === 0) return { sql: empty, params: [] };
  if (parts.length === 1) return parts[0]!;
  return { sql: parts.map((p) => `(${p.sql})`).join(separator), params: parts.flatMap((p) => p.params) };
}
