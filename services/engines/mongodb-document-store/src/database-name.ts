/**
 * One MongoDB database per service: `pricecompare_<service>`, or `<namespace>_pricecompare_<service>`
 * under PLATFORM_NAMESPACE (dashes and dots become `_`).
 */
export function mongoDatabaseName(service: string, namespace?: string): string {
  const name = `pricecompare_${service}`;
  return (namespace ? `${namespace}_${name}` : name).replace(/[^A-Za-z0-9_]/g, '_');
}
