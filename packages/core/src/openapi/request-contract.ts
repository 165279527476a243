/**
 * What an operation of an OpenAPI document asks of a request (issue 40): its parameters with
 * their schemas, the credentials its security requirement names, its body's media types and
 * schemas. Taken from the dereferenced document when a project imports it and stored with each
 * route, as plain JSON (cycles of `$ref` made `$defs` references), so that the mock URLs compile
 * it (validate-request.ts) without the document. Pure.
 */
import { type Dialect, toValidationSchema } from './validator.ts';

/** Where a parameter is sent. */
export type ParameterPlace = 'path' | 'query' | 'header' | 'cookie';

/** One parameter of an operation, its schema ready for ajv. */
export interface ContractParameter {
  in: ParameterPlace;
  name: string;
  required: boolean;
  schema: object;
  /** How an array is written: `form` (query), `simple` (path, header)... */
  style: string;
  explode: boolean;
}

/** A credential a security scheme needs: an API key at a place, or an Authorization scheme. */
export type ContractCredential =
  | { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string }
  | { kind: 'http'; scheme: string };

/**
 * What an operation asks of a request. `security` lists the alternatives (any one of them is
 * enough; each needs all its credentials; an empty one means anonymous calls pass); an empty
 * list asks for none.
 */
export interface RequestContract {
  dialect: Dialect;
  parameters: ContractParameter[];
  security: ContractCredential[][];
  /** Its body's media types and their schemas (null: any), or null when it declares none. */
  body: { required: boolean; content: { type: string; schema: object | null }[] } | null;
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const PLACES: readonly string[] = ['path', 'query', 'header', 'cookie'];

/** Swagger 2.0's keywords of a parameter that are its schema's. */
const V2_SCHEMA_KEYS = [
  'type',
  'format',
  'items',
  'enum',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
];

/**
 * The request contract of one operation of a dereferenced document (3.0, 3.1 or Swagger 2.0):
 * `parameters` are the path item's and the operation's (the operation's winning), as the import
 * reads them. Never throws on a document of a known dialect; what it cannot read it leaves out.
 */
export function requestContractOf(
  document: Node,
  dialect: Dialect,
  operation: Node,
  parameters: readonly Node[],
): RequestContract {
  const prepared = (schema: unknown): object =>
    isNode(schema) ? toValidationSchema(schema, dialect, 'request') : {};
  const contract: RequestContract = { dialect, parameters: [], security: [], body: null };
  for (const parameter of parameters) {
    const place = parameter.in;
    const name = parameter.name;
    if (typeof name !== 'string') continue;
    if (dialect === '2.0' && place === 'body') {
      contract.body = {
        required: parameter.required === true,
        content: consumesOf(document, operation).map((type) => ({
          type,
          schema: isNode(parameter.schema) ? prepared(parameter.schema) : null,
        })),
      };
      continue;
    }
    if (typeof place !== 'string' || !PLACES.includes(place)) continue;
    // Headers the HTTP layer owns are not the operation's to check (OpenAPI says they are ignored).
    if (place === 'header' && /^(accept|content-type|authorization)$/i.test(name)) continue;
    let schema: unknown = parameter.schema;
    if (dialect === '2.0') {
      schema = Object.fromEntries(
        V2_SCHEMA_KEYS.flatMap((k) => (k in parameter ? [[k, parameter[k]]] : [])),
      );
    } else if (schema === undefined && isNode(parameter.content)) {
      schema = Object.values(parameter.content).find(isNode)?.schema;
    }
    const defaultStyle = place === 'query' || place === 'cookie' ? 'form' : 'simple';
    const v2Style = parameter.collectionFormat === 'multi' ? 'form' : 'simple';
    const style =
      dialect === '2.0'
        ? v2Style
        : typeof parameter.style === 'string'
          ? parameter.style
          : defaultStyle;
    contract.parameters.push({
      in: place as ParameterPlace,
      name,
      required: place === 'path' || parameter.required === true,
      schema: prepared(schema),
      style,
      explode:
        dialect === '2.0'
          ? parameter.collectionFormat === 'multi'
          : typeof parameter.explode === 'boolean'
            ? parameter.explode
            : style === 'form',
    });
  }
  if (dialect !== '2.0' && isNode(operation.requestBody)) {
    const body = operation.requestBody;
    const content = isNode(body.content) ? body.content : {};
    contract.body = {
      required: body.required === true,
      content: Object.entries(content).map(([type, media]) => ({
        type: type.toLowerCase(),
        schema: isNode(media) && isNode(media.schema) ? prepared(media.schema) : null,
      })),
    };
  }
  contract.security = securityOf(document, dialect, operation);
  return contract;
}

/** The media types a Swagger 2.0 operation consumes (its own, else the document's). */
function consumesOf(document: Node, operation: Node): string[] {
  const consumes = Array.isArray(operation.consumes) ? operation.consumes : document.consumes;
  const types = Array.isArray(consumes) ? consumes.filter((t) => typeof t === 'string') : [];
  return types.length === 0 ? ['application/json'] : types.map((t: string) => t.toLowerCase());
}

/** The operation's security alternatives (its own requirement, else the document's). */
function securityOf(document: Node, dialect: Dialect, operation: Node): ContractCredential[][] {
  const requirement = Array.isArray(operation.security) ? operation.security : document.security;
  if (!Array.isArray(requirement)) return [];
  const schemes =
    dialect === '2.0'
      ? document.securityDefinitions
      : isNode(document.components)
        ? document.components.securitySchemes
        : undefined;
  const known = isNode(schemes) ? schemes : {};
  const alternatives: ContractCredential[][] = [];
  for (const alternative of requirement) {
    if (!isNode(alternative)) continue;
    const credentials: ContractCredential[] = [];
    let readable = true;
    for (const name of Object.keys(alternative)) {
      const credential = credentialOf(known[name]);
      if (credential) credentials.push(credential);
      else readable = false;
    }
    // An alternative of a scheme we cannot check (mutual TLS, a missing definition) is taken as met.
    alternatives.push(readable ? credentials : []);
  }
  return alternatives.some((a) => a.length === 0) ? [] : alternatives;
}

function credentialOf(scheme: unknown): ContractCredential | undefined {
  if (!isNode(scheme)) return undefined;
  const { type } = scheme;
  if (type === 'apiKey' && typeof scheme.name === 'string') {
    const place = scheme.in;
    if (place === 'header' || place === 'query' || place === 'cookie') {
      return { kind: 'apiKey', in: place, name: scheme.name };
    }
    return undefined;
  }
  if (type === 'http' && typeof scheme.scheme === 'string') {
    return { kind: 'http', scheme: scheme.scheme.toLowerCase() };
  }
  if (type === 'basic') return { kind: 'http', scheme: 'basic' };
  if (type === 'oauth2' || type === 'openIdConnect') return { kind: 'http', scheme: 'bearer' };
  return undefined;
}
