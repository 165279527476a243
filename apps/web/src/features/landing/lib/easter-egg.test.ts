import { describe, expect, it } from 'vitest';
import { SECRET_WORD } from '../constants.ts';
import { isTypingTarget, matchesSecret, pushKey } from './easter-egg.ts';

function typeAll(keys: string, start = ''): string {
  return [...keys].reduce((buffer, key) => pushKey(buffer, { key }, SECRET_WORD.length), start);
}

describe('pushKey', () => {
  it('appends letters in lower case', () => {
    expect(pushKey('ab', { key: 'C' }, 13)).toBe('abc');
  });

  it('keeps only the last 13 letters', () => {
    expect(typeAll('xxxxxmocksmithrule')).toBe('mocksmithrule');
    expect(typeAll('abcdefghijklmnop')).toBe('defghijklmnop');
  });

  it('ignores keys that are not single letters', () => {
    for (const key of ['Shift', 'Enter', ' ', '1', '-', 'ArrowUp', 'é']) {
      expect(pushKey('mock', { key }, 13)).toBe('mock');
    }
  });

  it('ignores shortcuts made with Ctrl, Meta or Alt', () => {
    expect(pushKey('mock', { key: 's', ctrlKey: true }, 13)).toBe('mock');
    expect(pushKey('mock', { key: 's', metaKey: true }, 13)).toBe('mock');
    expect(pushKey('mock', { key: 's', altKey: true }, 13)).toBe('mock');
  });
});

describe('matchesSecret', () => {
  it('is a 13-letter word', () => {
    expect(SECRET_WORD).toHaveLength(13);
  });

  it('matches once the last 13 letters spell the secret, whatever came before or the case', () => {
    expect(matchesSecret(typeAll('hello MockSmithRule'), SECRET_WORD)).toBe(true);
  });

  it('does not match a partial or misspelt word', () => {
    expect(matchesSecret(typeAll('mocksmithrul'), SECRET_WORD)).toBe(false);
    expect(matchesSecret(typeAll('mocksmithrulex'), SECRET_WORD)).toBe(false);
    expect(matchesSecret(typeAll('mocksmitthrule'), SECRET_WORD)).toBe(false);
  });

  it('never matches an empty secret', () => {
    expect(matchesSecret('', '')).toBe(false);
  });
});

describe('isTypingTarget', () => {
  it('is true for inputs, textareas, selects and editable elements', () => {
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'textarea' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
  });

  it('is false elsewhere', () => {
    expect(isTypingTarget({ tagName: 'BODY' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON', isContentEditable: false })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
