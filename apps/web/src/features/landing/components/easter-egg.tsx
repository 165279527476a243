import { type CSSProperties, useEffect, useState } from 'react';
import { EASTER_EGG_BURST_MS, SECRET_WORD } from '../constants.ts';
import { useSecretWord } from '../hooks/use-secret-word.ts';

const PIECES = ['🎉', '🛠️', '✨', '🔨', '{ }', '🚀'];
const COUNT = 28;

type Piece = { id: number; glyph: string; left: number; delay: number; drift: number };

function makeBurst(): Piece[] {
  return Array.from({ length: COUNT }, (_, id) => ({
    id,
    glyph: PIECES[id % PIECES.length] ?? '✨',
    left: Math.random() * 100,
    delay: Math.random() * 600,
    drift: Math.round((Math.random() - 0.5) * 160),
  }));
}

/**
 * The hidden easter egg: typing the secret word anywhere on the page (outside fields) drops a
 * short shower of confetti. Purely decorative, so it is hidden from assistive technology.
 */
export function EasterEgg() {
  const [burst, setBurst] = useState<Piece[] | null>(null);

  useSecretWord(SECRET_WORD, () => setBurst(makeBurst()));

  useEffect(() => {
    if (!burst) return;
    const timer = setTimeout(() => setBurst(null), EASTER_EGG_BURST_MS);
    return () => clearTimeout(timer);
  }, [burst]);

  if (!burst) return null;

  return (
    <div
      aria-hidden="true"
      data-testid="easter-egg"
      className="pointer-events-none fixed inset-0 z-50 overflow-hidden"
    >
      {burst.map((piece) => (
        <span
          key={piece.id}
          className="absolute top-0 animate-[confetti-fall_2.2s_ease-in_forwards] text-2xl opacity-0"
          style={
            {
              left: `${piece.left}%`,
              animationDelay: `${piece.delay}ms`,
              '--drift': `${piece.drift}px`,
            } as CSSProperties
          }
        >
          {piece.glyph}
        </span>
      ))}
    </div>
  );
}
