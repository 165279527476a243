/** OpenAPI uploads for the integration tests: multipart bodies and the documents they carry. */
import type { FastifyInstance } from 'fastify';

export interface UploadOptions {
  fileName?: string;
  contentType?: string;
  /** The spec's `username` field: a user id, or empty. */
  username?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

/** A multipart/form-data body with `username` and `file`, as the web sends it. */
export function multipartBody(
  content: string | Uint8Array,
  { fileName = 'spec.yaml', contentType = 'application/x-yaml', username = '' }: UploadOptions = {},
): { body: Buffer; contentType: string } {
  const boundary = `----mocksmith${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\n${username}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const file = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
  return {
    body: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** `POST /backend/crud/openapi` with one file. */
export function upload(
  app: FastifyInstance,
  content: string | Uint8Array,
  options: UploadOptions = {},
) {
  const { body, contentType } = multipartBody(content, options);
  return app.inject({
    method: 'POST',
    url: '/backend/crud/openapi',
    payload: body,
    headers: {
      'content-type': contentType,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
}

/** The skipped operations of an import's answer (its `X-Import-Skipped` header). */
export function skippedOf(response: { headers: Record<string, unknown> }) {
  const header = response.headers['x-import-skipped'];
  return typeof header === 'string'
    ? (JSON.parse(decodeURIComponent(header)) as { method: string; path: string; reason: string }[])
    : [];
}

/** An OpenAPI 3.0 document in YAML: pets, with a path parameter, a circular schema and a PATCH. */
export const PETS_YAML = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Pet'
    post:
      summary: Add a pet
      responses:
        '201':
          description: Created
          content:
            application/json:
              example: { id: 7, name: Rex }
  /pets/{petId}:
    get:
      operationId: showPet
      parameters:
        - name: petId
          in: path
          required: true
          schema: { type: string }
      responses:
        '404':
          description: Not found
        '200':
          description: A pet
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
    delete:
      operationId: deletePet
      parameters:
        - name: petId
          in: path
          required: true
          schema: { type: string }
      responses:
        '204':
          description: Gone
    patch:
      operationId: patchPet
      responses:
        '200':
          description: Patched
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: { type: string, format: uuid }
        name: { type: string }
        owner:
          $ref: '#/components/schemas/Person'
    Person:
      type: object
      properties:
        email: { type: string, format: email }
        pets:
          type: array
          items:
            $ref: '#/components/schemas/Pet'
`;

/** An OpenAPI 3.1 document as JSON: type arrays with "null", examples. */
export const TODOS_31_JSON = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Todos', version: '1' },
  paths: {
    '/todos': {
      get: {
        operationId: 'listTodos',
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      id: { type: 'integer' },
                      title: { type: 'string' },
                      due: { type: ['string', 'null'], format: 'date' },
                    },
                  },
                },
              },
            },
          },
        },
      },
      put: {
        summary: 'Replace the todos',
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': { examples: { one: { value: { replaced: true } } } },
            },
          },
        },
      },
    },
  },
});

/** A Swagger 2.0 document in YAML. */
export const USERS_SWAGGER2_YAML = `swagger: '2.0'
info:
  title: Users
  version: '1'
paths:
  /users/{id}:
    get:
      operationId: getUser
      produces: [application/json]
      parameters:
        - name: id
          in: path
          required: true
          type: string
      responses:
        200:
          description: A user
          schema:
            type: object
            properties:
              id: { type: string, format: uuid }
              active: { type: boolean }
    put:
      operationId: putUser
      parameters:
        - name: id
          in: path
          required: true
          type: string
      responses:
        200:
          description: ok
          examples:
            application/json: { id: 'u1', active: false }
`;

/**
 * A generated OpenAPI 3.0 document in YAML of at least `lines` lines: resources with list and
 * item paths (GET, POST, PUT, DELETE), each with a schema of a few properties and a shared,
 * circular `$ref`.
 */
export function largeSpecification(lines: number): string {
  const out: string[] = ['openapi: 3.0.3', 'info:', '  title: Large', "  version: '1'", 'paths:'];
  const schemas: string[] = [];
  let index = 0;
  while (out.length + schemas.length < lines) {
    const name = `Resource${index}`;
    out.push(
      `  /resources${index}:`,
      '    get:',
      `      operationId: list${name}`,
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema:',
      '                type: array',
      '                items:',
      `                  $ref: '#/components/schemas/${name}'`,
      '    post:',
      `      operationId: create${name}`,
      '      responses:',
      "        '201':",
      '          description: created',
      '          content:',
      '            application/json:',
      '              schema:',
      `                $ref: '#/components/schemas/${name}'`,
      `  /resources${index}/{id}:`,
      '    get:',
      `      operationId: get${name}`,
      '      parameters:',
      '        - { name: id, in: path, required: true, schema: { type: string } }',
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema:',
      `                $ref: '#/components/schemas/${name}'`,
      '    put:',
      `      operationId: put${name}`,
      '      parameters:',
      '        - { name: id, in: path, required: true, schema: { type: string } }',
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema:',
      `                $ref: '#/components/schemas/${name}'`,
      '    delete:',
      `      operationId: delete${name}`,
      '      parameters:',
      '        - { name: id, in: path, required: true, schema: { type: string } }',
      '      responses:',
      "        '204':",
      '          description: gone',
    );
    schemas.push(
      `    ${name}:`,
      '      type: object',
      '      properties:',
      '        id: { type: string, format: uuid }',
      '        name: { type: string }',
      '        email: { type: string, format: email }',
      '        count: { type: integer, minimum: 0 }',
      '        active: { type: boolean }',
      '        createdAt: { type: string, format: date-time }',
      '        parent:',
      "          $ref: '#/components/schemas/Node'",
    );
    index++;
  }
  out.push(
    'components:',
    '  schemas:',
    '    Node:',
    '      type: object',
    '      properties:',
    '        id: { type: string }',
    '        children:',
    '          type: array',
    "          items: { $ref: '#/components/schemas/Node' }",
    ...schemas,
  );
  return `${out.join('\n')}\n`;
}

export { schemaBomb } from '@mocksmith/core/testing/schema-bomb';

/** An order as the drift and validation tests' spec describes it: an integer id, a number price. */
export const ORDER_SCHEMA = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer' }, price: { type: 'number' } },
};

/**
 * The drift and validation tests' spec (JSON text): `GET /orders` answering a list of `order`,
 * and `GET /orders/{id}` (an integer id and an integer `limit` query parameter) answering one.
 */
export function ordersSpec(order: object = ORDER_SCHEMA): string {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Orders', version: '1' },
    paths: {
      '/orders': {
        get: {
          responses: {
            '200': {
              description: 'the orders',
              content: { 'application/json': { schema: { type: 'array', items: order } } },
            },
          },
        },
      },
      '/orders/{id}': {
        get: {
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
            { name: 'limit', in: 'query', schema: { type: 'integer' } },
          ],
          responses: {
            '200': { description: 'an order', content: { 'application/json': { schema: order } } },
          },
        },
      },
    },
  });
}
