/** Side state: counted click-outs of a product per country (`clicks` collection, id = product id). */
export interface ClickRecord {
  readonly _id: string;
  readonly countries: Readonly<Record<string, number>>;
  /** The last click ids counted, in the same document as the counts: a redelivery counts once. */
  readonly recent: readonly string[];
}

export function withClick(current: ClickRecord | null, productId: string, country: string): ClickRecord {
  const countries = { ...current?.countries };
  countries[country] = (countries[country] ?? 0) + 1;
  return { _id: productId, countries, recent: current?.recent ?? [] };
}
