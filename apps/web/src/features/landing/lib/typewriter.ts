import { TYPEWRITER_DELETING_MS, TYPEWRITER_PAUSE_MS, TYPEWRITER_TYPING_MS } from '../constants.ts';

/** Where the typewriter stands: which word, how much of it is shown, and the direction. */
export type TypewriterState = {
  wordIndex: number;
  text: string;
  deleting: boolean;
};

/** One step of the typewriter: the state to show and how long to wait before the next step. */
export type TypewriterStep = {
  state: TypewriterState;
  delay: number;
};

/** The state before the first character, and the wait before typing it. */
export const initialTypewriterStep: TypewriterStep = {
  state: { wordIndex: 0, text: '', deleting: false },
  delay: TYPEWRITER_TYPING_MS,
};

/**
 * Advances the typewriter by one character. Typing adds a character every 100 ms; a complete word
 * stays for 2000 ms; deleting removes a character every 50 ms; once a word is gone the next word
 * (wrapping around) starts after 100 ms.
 */
export function nextTypewriterStep(
  state: TypewriterState,
  words: readonly string[],
): TypewriterStep {
  const word = words[state.wordIndex % words.length] ?? '';
  if (!state.deleting) {
    const text = word.slice(0, state.text.length + 1);
    if (text.length >= word.length) {
      return {
        state: { wordIndex: state.wordIndex, text, deleting: true },
        delay: TYPEWRITER_PAUSE_MS,
      };
    }
    return {
      state: { wordIndex: state.wordIndex, text, deleting: false },
      delay: TYPEWRITER_TYPING_MS,
    };
  }
  const text = state.text.slice(0, -1);
  if (text === '') {
    return {
      state: { wordIndex: (state.wordIndex + 1) % words.length, text: '', deleting: false },
      delay: TYPEWRITER_TYPING_MS,
    };
  }
  return {
    state: { wordIndex: state.wordIndex, text, deleting: true },
    delay: TYPEWRITER_DELETING_MS,
  };
}
