/**
 * What the /developers reference pages (issue 16 point 4) show of the OpenAPI document: operations
 * with their parameters and answers, schemas with their fields, readable type names and curl lines.
 * Pure: the document comes in (openapi-document.ts builds it), the pages render what this returns.
 */

/** The parts of a JSON Schema (OpenAPI 3.1) the pages read. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  enum?: readonly unknown[];
  const?: unknown;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  description?: string;
  default?: unknown;
  example?: unknown;
  minimum?: number;
  maximum?: number;
}

interface ParameterNode {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaNode;
}

interface ResponseNode {
  description?: string;
  content?: Record<string, { schema?: SchemaNode }>;
}

/** The document as far as the pages read it. */
export interface DocumentNode {
  paths?: Record<string, Record<string, { operationId?: string; summary?: string; tags?: string[]; parameters?: ParameterNode[]; responses?: Record<string, ResponseNode> }>>;
  components?: { schemas?: Record<string, SchemaNode> };
}

export interface ParameterView {
  name: string;
  in: string;
  required: boolean;
  type: string;
  default: string | null;
  description: string;
  example: string | null;
}

export interface ResponseView {
  status: string;
  description: string;
  /** The schema component the answer's `data` is, when it names one (Book, BooksPage, ...). */
  schema: string | null;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  parameters: ParameterView[];
  responses: ResponseView[];
  /** A request that works, with the parameters' examples (path ones always, query ones a few). */
  examplePath: string;
}

export interface FieldView {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

const refName = (ref: string) => ref.split('/').pop() ?? ref;

/**
 * A schema as a short type expression: `Book`, `string | null`, `"en" | "de"`, `Edition[]`, `integer (1-100)`.
 * @example typeLabel({ anyOf: [{ $ref: '#/components/schemas/LocalizedText' }, { type: 'null' }] }) // 'LocalizedText | null'
 */
export function typeLabel(schema: SchemaNode | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map(typeLabel))].join(' | ');
  if (schema.allOf?.length === 1) return typeLabel(schema.allOf[0]);
  const types = [schema.type ?? 'object'].flat();
  return types
    .map((type) => {
      if (type === 'array') return `${typeLabel(schema.items)}[]`;
      if ((type === 'integer' || type === 'number') && schema.minimum !== undefined && schema.maximum !== undefined && Math.abs(schema.maximum) < 1e9) return `${type} (${schema.minimum}-${schema.maximum})`;
      return type;
    })
    .join(' | ');
}

/** The component a response's envelope carries as `data`, following one $ref to the envelope. */
function dataSchemaName(doc: DocumentNode, schema: SchemaNode | undefined): string | null {
  if (!schema) return null;
  const envelope = schema.$ref ? doc.components?.schemas?.[refName(schema.$ref)] : schema;
  const data = envelope?.properties?.data;
  if (data?.$ref) return refName(data.$ref);
  if (schema.$ref) return refName(schema.$ref);
  return null;
}

const exampleText = (value: unknown): string | null => (value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value));

/** Query parameters the example request shows (the rest keep their defaults). */
const EXAMPLE_QUERY = new Set(['limit', 'lang']);

/** Every operation of the document, in the document's order. */
export function operationsOf(doc: DocumentNode): OperationView[] {
  const operations: OperationView[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const parameters: ParameterView[] = (op.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required === true,
        type: typeLabel(p.schema),
        default: exampleText(p.schema?.default),
        description: p.description ?? p.schema?.description ?? '',
        example: exampleText(p.schema?.example),
      }));
      let examplePath = path;
      for (const p of parameters.filter((p) => p.in === 'path')) examplePath = examplePath.replace(`{${p.name}}`, encodeURIComponent(p.example ?? p.name));
      const query = parameters.filter((p) => p.in === 'query' && EXAMPLE_QUERY.has(p.name) && p.example !== null);
      if (query.length) examplePath += `?${query.map((p) => `${p.name}=${encodeURIComponent(p.name === 'limit' ? '2' : p.example!)}`).join('&')}`;
      operations.push({
        id: op.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        tag: op.tags?.[0] ?? '',
        parameters,
        responses: Object.entries(op.responses ?? {}).map(([status, response]) => ({
          status,
          description: response.description ?? '',
          schema: dataSchemaName(doc, response.content?.['application/json']?.schema),
        })),
        examplePath,
      });
    }
  }
  return operations;
}

/** The fields of a schema component (its properties; those of the first object in an allOf). */
export function fieldsOf(doc: DocumentNode, name: string): FieldView[] {
  const schema = doc.components?.schemas?.[name];
  const object = schema?.properties ? schema : schema?.allOf?.find((s) => s.properties);
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([field, node]) => ({ name: field, type: typeLabel(node), required: required.has(field), description: node.description ?? '' }));
}

/**
 * The schema components a reader meets (those with fields), in the document's order; the envelope and
 * page wrappers (`*Answer`) are left out: the pages explain the envelope once.
 */
export function schemaNamesOf(doc: DocumentNode): string[] {
  return Object.keys(doc.components?.schemas ?? {}).filter((name) => !name.endsWith('Answer') && fieldsOf(doc, name).length > 0);
}

/**
 * A curl line for a request (a single-quoted URL, so `&` and `?` need no escaping).
 * @example curlLine('https://example.org', '/api/v1/books?limit=2') // "curl -s 'https://example.org/api/v1/books?limit=2'"
 */
export function curlLine(origin: string, path: string): string {
  return `curl -s '${new URL(path, origin).href}'`;
}
