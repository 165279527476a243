import { describe, expect, it } from 'vitest';
import { TYPEWRITER_WORDS } from '../constants.ts';
import { initialTypewriterStep, nextTypewriterStep, type TypewriterState } from './typewriter.ts';

const words = ['Ab', 'Xyz'];

describe('nextTypewriterStep', () => {
  it('starts empty on the first word, 100 ms before the first character', () => {
    expect(initialTypewriterStep).toEqual({
      state: { wordIndex: 0, text: '', deleting: false },
      delay: 100,
    });
  });

  it('types one character and waits 100 ms while the word is incomplete', () => {
    expect(nextTypewriterStep({ wordIndex: 0, text: '', deleting: false }, words)).toEqual({
      state: { wordIndex: 0, text: 'A', deleting: false },
      delay: 100,
    });
  });

  it('pauses 2000 ms on the complete word, then deletes', () => {
    expect(nextTypewriterStep({ wordIndex: 0, text: 'A', deleting: false }, words)).toEqual({
      state: { wordIndex: 0, text: 'Ab', deleting: true },
      delay: 2000,
    });
  });

  it('deletes one character every 50 ms', () => {
    expect(nextTypewriterStep({ wordIndex: 1, text: 'Xyz', deleting: true }, words)).toEqual({
      state: { wordIndex: 1, text: 'Xy', deleting: true },
      delay: 50,
    });
  });

  it('moves to the next word once the text is gone', () => {
    expect(nextTypewriterStep({ wordIndex: 0, text: 'A', deleting: true }, words)).toEqual({
      state: { wordIndex: 1, text: '', deleting: false },
      delay: 100,
    });
  });

  it('wraps from the last word to the first', () => {
    expect(nextTypewriterStep({ wordIndex: 1, text: 'X', deleting: true }, words)).toEqual({
      state: { wordIndex: 0, text: '', deleting: false },
      delay: 100,
    });
  });

  it('runs the spec words in order with the spec timings over a full cycle', () => {
    let step = initialTypewriterStep;
    const shown: string[] = [];
    let total = 0;
    // One cycle: every word typed, paused on, deleted, until the first word starts again.
    do {
      total += step.delay;
      step = nextTypewriterStep(step.state, TYPEWRITER_WORDS);
      if (step.delay === 2000) shown.push(step.state.text);
    } while (!(step.state.wordIndex === 0 && step.state.text === ''));
    expect(shown).toEqual(['RESTful APIs', 'Mock Data', 'Test APIs', 'Endpoints']);
    // Per word: n characters typed at 100 ms, a 2000 ms pause, n-1 deletions at 50 ms, then the
    // last deletion hands over with the next word's 100 ms first delay (counted in its typing).
    const expected = TYPEWRITER_WORDS.reduce(
      (sum, w) => sum + w.length * 100 + 2000 + (w.length - 1) * 50,
      0,
    );
    expect(total).toBe(expected);
  });

  it('leaves the state it is given untouched', () => {
    const state: TypewriterState = { wordIndex: 0, text: 'A', deleting: false };
    nextTypewriterStep(state, words);
    expect(state).toEqual({ wordIndex: 0, text: 'A', deleting: false });
  });
});
