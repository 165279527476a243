/**
 * `npx tsx bench/inference.ts`: how well a template inferred from a sample fits (issue 39), over
 * the hand-labelled payloads of bench/infer-set.ts: the share of leaves given the right template
 * value, the share of generated bodies of the sample's shape (same keys, same JSON types; 20 seeds
 * a payload) and of templates that keep no personal value. Prints the figures and every miss.
 */
import {
  compileTemplate,
  type InferNote,
  inferTemplate,
  type JsonValue,
  shapeDifferences,
} from '../packages/core/src/index.ts';
import {
  INFER_HOLDOUT,
  INFER_HOLDOUT_2,
  INFER_HOLDOUT_3,
  INFER_SET,
  type LabelledPayload,
} from './infer-set.ts';

const NOW = Date.UTC(2026, 0, 1);
const SEEDS = 20;

/** What a chosen template value is, in the labels' words. */
function label(chosen: JsonValue): string {
  if (chosen === null) return 'null';
  if (typeof chosen === 'string') return chosen;
  if (typeof chosen === 'object' && !Array.isArray(chosen)) {
    if ('__number' in chosen) return 'number';
    if ('__oneOf' in chosen) return 'oneOf';
    const spec = chosen.__string;
    if (spec && typeof spec === 'object' && !Array.isArray(spec))
      return 'pattern' in spec ? 'pattern' : 'lorem';
  }
  return JSON.stringify(chosen);
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;

function run(set: LabelledPayload[], title: string): void {
  let leaves = 0;
  let right = 0;
  let shapes = 0;
  let bodies = 0;
  let clean = 0;
  const misses: string[] = [];
  for (const payload of set) {
    const result = inferTemplate(payload.sample, NOW);
    if (!result.ok) {
      // A refused sample counts every one of its leaves wrong and its template as not clean.
      leaves += Object.keys(payload.labels).length;
      misses.push(`${payload.name}: refused ${JSON.stringify(result.errors)}`);
      continue;
    }
    const { template, report } = result.value;
    const notes = new Map<string, InferNote>();
    for (const note of report)
      if (!(typeof note.chosen === 'object' && note.chosen && '__multiply' in note.chosen))
        notes.set(note.path, note);
    for (const [path, expected] of Object.entries(payload.labels)) {
      leaves++;
      const note = notes.get(path);
      const got = note ? label(note.chosen) : '(no leaf)';
      const ok = (Array.isArray(expected) ? expected : [expected]).includes(got);
      if (ok) right++;
      else
        misses.push(
          `${payload.name} ${path}: ${got}, labelled ${JSON.stringify(expected)} (${note?.why ?? ''})`,
        );
    }
    for (const path of notes.keys())
      if (!(path in payload.labels)) misses.push(`${payload.name} ${path}: not labelled`);
    const compiled = compileTemplate(template);
    if (!compiled.ok) throw new Error(`${payload.name}: ${JSON.stringify(compiled.errors)}`);
    for (let seed = 0; seed < SEEDS; seed++) {
      bodies++;
      const differences = shapeDifferences(
        payload.sample as JsonValue,
        compiled.value.generate({ seed }),
      );
      if (differences.length === 0) shapes++;
      else if (seed === 0)
        misses.push(`${payload.name} shape: ${differences.slice(0, 3).join('; ')}`);
    }
    const text = JSON.stringify(template);
    const kept = payload.personal.filter((value) => text.includes(value));
    if (kept.length === 0) clean++;
    else misses.push(`${payload.name} keeps ${kept.join(', ')}`);
  }

  console.log(`${title}: ${set.length} payloads, ${leaves} labelled leaves`);
  console.log(
    `right template value      ${right}/${leaves} = ${pct(right, leaves)}   (goal >= 90 %)`,
  );
  console.log(
    `bodies of the sample's shape ${shapes}/${bodies} = ${pct(shapes, bodies)}   (goal 100 %)`,
  );
  console.log(
    `templates keeping no personal value ${clean}/${set.length} = ${pct(clean, set.length)}   (goal 100 %)`,
  );
  if (misses.length > 0) console.log(misses.join('\n'));
}

run(INFER_SET, 'first set');
console.log('');
run(INFER_HOLDOUT, 'second set');
console.log('');
run(INFER_HOLDOUT_2, 'third set');
console.log('');
run(INFER_HOLDOUT_3, 'fourth set (held out)');
console.log('');
run([...INFER_SET, ...INFER_HOLDOUT, ...INFER_HOLDOUT_2, ...INFER_HOLDOUT_3], 'all four');
