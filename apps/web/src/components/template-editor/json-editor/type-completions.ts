import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import { type DataTypeInfo, exampleText } from '@mocksmith/core/types-info';

/** Each type as a completion: its name, its kind and group, and its description and example. */
export function typeCompletions(types: readonly DataTypeInfo[]): Completion[] {
  return types.map((type) => ({
    label: type.name,
    type: 'type',
    detail: type.category === 'basic' ? 'basic' : type.kind,
    info: `${type.description}\nExample: ${exampleText(type, 120)}`,
  }));
}

/**
 * Completes type names inside the string values of a JSON template (never in keys): typing
 * `"string.na` offers `string.name.fullname` and its siblings.
 */
export function typeCompletionSource(options: Completion[]) {
  return (context: CompletionContext): CompletionResult | null => {
    // Keys are PropertyName nodes in the JSON grammar, so a String is always a value.
    const node = syntaxTree(context.state).resolveInner(context.pos, -1);
    if (node.name !== 'String') return null;
    const closed = node.to - node.from > 1 && context.state.sliceDoc(node.to - 1, node.to) === '"';
    // Inside the quotes only, not after the closing one.
    if (context.pos <= node.from || (closed && context.pos === node.to)) return null;
    const word = context.matchBefore(/[\w.]*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    return { from: word.from, options, validFor: /^[\w.]*$/ };
  };
}
