import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

export const OPENAPI_FILE = join(__dirname, '..', '..', 'docs', 'api', 'openapi.yaml');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface OpenApiResponse {
  $ref?: string;
  content?: { 'application/json'?: { schema: Json } };
}
interface OpenApiOperation {
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, OpenApiResponse>;
}
type PathItem = Partial<Record<HttpMethod, OpenApiOperation>> & { parameters?: unknown[] };
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];
/** The account API (auth, favourites, alerts, push) is tagged `account`; the read API is the rest. */
export type Scope = 'read' | 'account';

interface OpenApiDocument {
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, Json>; responses: Record<string, OpenApiResponse> };
}

const SCHEMAS_ID = 'openapi';

/** OpenAPI's `#/components/schemas/X` as a reference into the schema registered under SCHEMAS_ID. */
function rewriteRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', `${SCHEMAS_ID}#/$defs/`)
        : rewriteRefs(value),
    ]),
  );
}

function assertValid(validate: ValidateFunction, value: unknown, what: string): void {
  if (validate(value)) return;
  const problems = (validate.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
  );
  throw new Error(
    `${what} does not match the OpenAPI schema:\n  ${problems.join('\n  ')}\nvalue: ${String(JSON.stringify(value)).slice(0, 2000)}`,
  );
}

/**
 * The API's OpenAPI document as a validator of real answers: the JSON body of a response must
 * match the schema documented for its path and status (JSON Schema 2020-12, as OpenAPI 3.1
 * uses). Records which (path, status) pairs were checked, so a test can demand all of them.
 */
export class OpenApiContract {
  readonly document: OpenApiDocument;
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  readonly checked = new Set<string>();

  constructor(file = OPENAPI_FILE) {
    this.document = parse(readFileSync(file, 'utf8')) as OpenApiDocument;
    this.ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: SCHEMAS_ID, $defs: rewriteRefs(this.document.components.schemas as Json) } as object);
  }

  /**
   * GETs `url` through the site's request handler and checks its JSON answer against the schema
   * documented for `template` (a path of the document, e.g. "/api/products").
   */
  async get(
    handle: (request: Request) => Promise<Response>,
    url: string,
    template: string,
    origin = 'http://site.test',
  ) {
    const response = await handle(new Request(`${origin}${url}`));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body: any = JSON.parse(await response.text());
    this.check(template, response.status, body);
    return { status: response.status, headers: response.headers, body };
  }

  /** Every path of the document, whatever its methods. */
  paths(): string[] {
    return Object.keys(this.document.paths);
  }

  /** The read API: every GET path (not tagged `account`) and the statuses it documents. */
  documented(): Map<string, string[]> {
    const result = new Map<string, string[]>();
    for (const [path, item] of Object.entries(this.document.paths)) {
      if (item.get && !item.get.tags?.includes('account')) result.set(path, Object.keys(item.get.responses));
    }
    return result;
  }

  /** The account API's operations, keyed "METHOD /path", with their statuses and whether they take input. */
  operations(scope: Scope = 'account'): Map<string, { statuses: string[]; takesInput: boolean }> {
    const result = new Map<string, { statuses: string[]; takesInput: boolean }>();
    for (const [path, item] of Object.entries(this.document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation || operation.tags?.includes('account') !== (scope === 'account')) continue;
        const query = (operation.parameters ?? []).some(
          (p) => (p as { in?: string; $ref?: string }).in === 'query' || Boolean((p as { $ref?: string }).$ref),
        );
        result.set(`${method.toUpperCase()} ${path}`, {
          statuses: Object.keys(operation.responses),
          takesInput: query || Boolean(operation.requestBody),
        });
      }
    }
    return result;
  }

  private validator(path: string, status: number, body: unknown, method: HttpMethod = 'get'): ValidateFunction | null {
    const key = method === 'get' ? `${path} ${status}` : `${method.toUpperCase()} ${path} ${status}`;
    const cached = this.validators.get(key);
    if (cached) return cached;
    let response = this.document.paths[path]?.[method]?.responses[String(status)];
    if (!response)
      throw new Error(
        `${method.toUpperCase()} ${path} answered ${status}, which it does not document: ${String(JSON.stringify(body)).slice(0, 500)}`,
      );
    if (response.$ref)
      response = this.document.components.responses[response.$ref.replace('#/components/responses/', '')];
    const schema = response?.content?.['application/json']?.schema;
    if (schema === undefined) return null;
    const validate = this.ajv.compile(rewriteRefs(schema) as object);
    this.validators.set(key, validate);
    return validate;
  }

  /** Throws, listing the mismatches, unless the body matches the documented schema (GET). */
  check(path: string, status: number, body: unknown): void {
    const validate = this.validator(path, status, body);
    this.checked.add(`${path} ${status}`);
    if (validate) assertValid(validate, body, `GET ${path} ${status}`);
  }

  /** `check` for any method; records "METHOD /path status". */
  checkOperation(method: HttpMethod, path: string, status: number, body: unknown): void {
    const validate = this.validator(path, status, body, method);
    this.checked.add(`${method.toUpperCase()} ${path} ${status}`);
    if (validate) assertValid(validate, body, `${method.toUpperCase()} ${path} ${status}`);
  }

  /** Throws unless the value matches one schema of components.schemas. */
  checkSchema(name: string, value: unknown): void {
    const validate = this.ajv.getSchema(`${SCHEMAS_ID}#/$defs/${name}`);
    if (!validate) throw new Error(`no schema ${name}`);
    assertValid(validate, value, name);
  }
}
