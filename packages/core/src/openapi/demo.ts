import { DEMO_TYPE_NAMES, importTexts } from '../errors.ts';
import { isJsonObject, type JsonValue } from '../json.ts';
import {
  directiveKeyOf,
  LITERAL_KEY,
  NUMBER_KEY,
  ONE_OF_KEY,
  STRING_KEY,
} from '../template/directives.ts';
import { MULTIPLY_KEY } from '../template/multiply.ts';
import type { PlannedOperation } from './types.ts';

const DEMO_TYPES: ReadonlySet<string> = new Set(DEMO_TYPE_NAMES);

/** The basic type nearest a catalogue type: its kind, or the basic type its name says it is. */
function nearestBasicType(name: string): string {
  const [kind = 'string', , shortName = ''] = name.split('.');
  if (kind === 'number' || kind === 'boolean') return kind;
  if (kind === 'array') return 'array';
  for (const basic of ['email', 'uuid', 'date'] as const)
    if (shortName.includes(basic)) return basic;
  return 'string';
}

/** The basic type nearest a literal value a visitor may not write (a custom string). */
function nearestOfValue(value: JsonValue): JsonValue {
  if (typeof value === 'string') return DEMO_TYPES.has(value) ? value : 'string';
  return demoValue(value, '', []);
}

function demoValue(value: JsonValue, path: string, changed: string[]): JsonValue {
  if (typeof value === 'string') {
    if (DEMO_TYPES.has(value)) return value;
    changed.push(path || '/');
    return value.includes('.') ? nearestBasicType(value) : 'string';
  }
  if (Array.isArray(value)) return value.map((item, i) => demoValue(item, `${path}/${i}`, changed));
  if (!isJsonObject(value)) return value;
  const directive = directiveKeyOf(value);
  if (directive !== undefined) {
    changed.push(path || '/');
    const option = value[directive];
    if (directive === NUMBER_KEY) return 'number';
    if (directive === STRING_KEY) return 'string';
    if (directive === LITERAL_KEY) return nearestOfValue(option ?? null);
    if (directive === ONE_OF_KEY && Array.isArray(option)) {
      const first = option.find((choice) => choice !== null) ?? null;
      return demoValue(first, path, []);
    }
    return 'string';
  }
  const object: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value)) {
    object[key] = key === MULTIPLY_KEY ? item : demoValue(item, `${path}/${key}`, changed);
  }
  return object;
}

/**
 * A planned operation as a visitor may have it. The demo accepts the basic types alone (no
 * catalogue type, directive or custom text), so each other value becomes the basic type nearest
 * it: a catalogue type its kind (or the basic type its name says: email, uuid, date), a number
 * directive `number`, a choice its first non-null option, a fixed text `string`. The report lists
 * each value changed; signed in, the same file keeps them.
 */
export function toDemoOperation(operation: PlannedOperation): PlannedOperation {
  const changed: string[] = [];
  const template = demoValue(operation.template, '', changed);
  if (changed.length === 0) return operation;
  return {
    ...operation,
    template,
    report: {
      ...operation.report,
      ignored: [
        ...operation.report.ignored,
        ...changed.map((path) => ({
          pointer: `template:${path}`,
          keyword: 'type',
          reason: importTexts.demoBasicTypes,
        })),
      ],
    },
  };
}
