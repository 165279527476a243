import { syntaxTree } from '@codemirror/language';
import { type Diagnostic, linter } from '@codemirror/lint';
import { suggestTypeNames } from '@mocksmith/core/types-info';
import type { Extension } from '@uiw/react-codemirror';
import { typeWarningTexts } from '../texts.ts';

/**
 * Underlines each string value that looks like a misspelt type name of `names` (it would be
 * returned as text) with a warning naming the closest types, each an action that puts it in.
 * Keys (PropertyName nodes) are not values and are left alone; the list under the editor says
 * the same for those who do not point at the text.
 */
export function typeLinter(names: ReadonlySet<string>): Extension {
  return linter(
    (view) => {
      const diagnostics: Diagnostic[] = [];
      syntaxTree(view.state).iterate({
        enter(node) {
          if (node.name !== 'String') return;
          let value: unknown;
          try {
            value = JSON.parse(view.state.sliceDoc(node.from, node.to));
          } catch {
            return;
          }
          if (typeof value !== 'string') return;
          const suggestions = suggestTypeNames(names, value);
          if (suggestions.length === 0) return;
          diagnostics.push({
            from: node.from,
            to: node.to,
            severity: 'warning',
            message: typeWarningTexts.line(value, suggestions),
            actions: suggestions.map((name) => ({
              name: typeWarningTexts.actionName(name),
              apply: (target, from, to) =>
                target.dispatch({ changes: { from, to, insert: JSON.stringify(name) } }),
            })),
          });
        },
      });
      return diagnostics;
    },
    // Soon after typing stops, as the list under the editor follows each change.
    { delay: 300 },
  );
}
