/**
 * A rule's regular expression compiled by RE2 (re2js), apart from rules.ts: the route editor
 * checks a draft's rules with rules.ts as they are typed and loads this module, with re2js, only
 * once a draft holds a regex (`ruleProblemsWith`), so its first load neither fetches nor runs the
 * regular-expression engine. The server checks every pattern (`ruleProblems`) whatever the editor did.
 */
import { RE2JS, RE2JSSyntaxException } from 're2js';

export type PatternCompile = { ok: true; regex: RE2JS } | { ok: false; message: string };

/** A pattern compiled by RE2, or why RE2 refuses it, in words. */
export function compilePattern(pattern: string): PatternCompile {
  try {
    return { ok: true, regex: RE2JS.compile(pattern) };
  } catch (error) {
    const reason =
      error instanceof RE2JSSyntaxException
        ? error.message.replace(/^error parsing regexp: /, '')
        : error instanceof Error
          ? error.message
          : String(error);
    let message = `the regex /${pattern}/ cannot be used: ${reason}`;
    if (/\(\?<?[=!]/.test(pattern)) {
      message +=
        ' (lookarounds such as (?=, (?!, (?<= and (?<! are not supported: rules match in linear time)';
    } else if (/\\[1-9]|\\k</.test(pattern)) {
      message += ' (backreferences such as \\1 are not supported: rules match in linear time)';
    }
    return { ok: false, message };
  }
}

/** What checking a rule's pattern says: its size in RE2 instructions, or why RE2 refuses it. */
export type PatternCheck = { ok: true; size: number } | { ok: false; message: string };

/** Checks a rule's pattern as `ruleProblems` does: compiled by RE2, counted in instructions. */
export function checkPattern(pattern: string): PatternCheck {
  const compiled = compilePattern(pattern);
  return compiled.ok ? { ok: true, size: compiled.regex.programSize() } : compiled;
}
