import { useEffect, useState } from 'react';
import { initialTypewriterStep, nextTypewriterStep } from '../lib/typewriter.ts';

/** The typewriter's current text, advancing on its own timer while `running` is true. */
export function useTypewriter(words: readonly string[], running: boolean): string {
  const [step, setStep] = useState(initialTypewriterStep);

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setStep(nextTypewriterStep(step.state, words)), step.delay);
    return () => clearTimeout(timer);
  }, [step, words, running]);

  return step.state.text;
}
