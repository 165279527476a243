/**
 * Drift (issue 40): an answer of the real API checked against what its OpenAPI operation says it
 * answers, in the words of the request checks (`body.id: must be an integer, got "7"`). For the
 * forwarding of unmatched calls to hand each forwarded answer to; its contract is read once from
 * the dereferenced operation (`responseContractOf`), and each schema compiled on its first check
 * and kept with the contract, never per answer.
 */
import { type Dialect, toValidationSchema } from './validator.ts';
import { addErrors, type TwoSpeedCheck, twoSpeedCheck, type Violation } from './violation-words.ts';

/** What an operation says it answers: per declared status (`200`, `2XX`, `default`), its bodies. */
export interface ResponseContract {
  dialect: Dialect;
  responses: { status: string; content: { type: string; schema: object | null }[] }[];
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The response contract of one operation of a dereferenced document (3.0, 3.1 or 2.0). */
export function responseContractOf(dialect: Dialect, operation: Node): ResponseContract {
  const responses = isNode(operation.responses) ? operation.responses : {};
  const prepared = (schema: unknown) =>
    isNode(schema) ? toValidationSchema(schema, dialect, 'response') : null;
  return {
    dialect,
    responses: Object.entries(responses).flatMap(([status, answer]) => {
      if (!isNode(answer)) return [];
      if (dialect === '2.0') {
        return [
          { status, content: [{ type: 'application/json', schema: prepared(answer.schema) }] },
        ];
      }
      const content = isNode(answer.content) ? answer.content : {};
      return [
        {
          status,
          content: Object.entries(content).map(([type, media]) => ({
            type: type.toLowerCase(),
            schema: isNode(media) ? prepared(media.schema) : null,
          })),
        },
      ];
    }),
  };
}

// Each schema of a contract compiled once, on its first check, for as long as the contract lives.
const compiled = new WeakMap<object, TwoSpeedCheck>();

/**
 * How an answer (`status`, its JSON `body` as parsed) disagrees with the operation: a status it
 * does not declare (nor `4XX`-style, nor `default`), or a body that breaks the schema of its
 * status's JSON media type; none when it agrees or the operation says nothing to check against.
 * A schema ajv cannot compile (an invalid regular expression, say) finds nothing.
 */
export function checkResponse(
  operation: ResponseContract,
  status: number,
  body: unknown,
): Violation[] {
  const { responses } = operation;
  if (responses.length === 0) return [];
  const text = String(status);
  const declared =
    responses.find((r) => r.status === text) ??
    responses.find((r) => r.status.toUpperCase() === `${text[0]}XX`) ??
    responses.find((r) => r.status === 'default');
  if (!declared) {
    const statuses = responses.map((r) => r.status).join(', ');
    return [
      {
        kind: 'body',
        text: `status: ${status} is not declared (the operation declares ${statuses})`,
      },
    ];
  }
  const json = declared.content.find(
    (media) =>
      media.schema !== null && /^application\/(?:[\w.+-]*\+)?json\b|^\*\/\*$/.test(media.type),
  );
  if (!json?.schema || body === undefined) return [];
  let check = compiled.get(json.schema);
  if (!check) {
    check = twoSpeedCheck(operation.dialect, false, json.schema);
    compiled.set(json.schema, check);
  }
  const violations: Violation[] = [];
  if (!check.valid(body)) addErrors(violations, 'body', 'body', check.errors(body), body);
  return violations;
}
