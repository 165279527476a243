/** The key that turns an array element into N copies of itself. */
export const MULTIPLY_KEY = '__multiply';

const RANGE = /^\s*(\d{1,9})\s*-\s*(\d{1,9})\s*$/;

/** A parsed `__multiply` range: between `min` and `max` copies, both inclusive. */
export interface MultiplyRange {
  min: number;
  max: number;
}

/** Reads `"A-B"` into its bounds, or undefined when the text is not of that form. */
export function parseMultiply(value: unknown): MultiplyRange | undefined {
  if (typeof value !== 'string') return undefined;
  const match = RANGE.exec(value);
  if (!match) return undefined;
  return { min: Number(match[1]), max: Number(match[2]) };
}
