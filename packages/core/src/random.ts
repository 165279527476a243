/**
 * A fast, seedable pseudo-random source (sfc32), the one source of randomness behind every
 * generated value. Seeded generation is reproducible byte for byte on any machine because
 * nothing else (no Math.random, no clock) is consulted while a seeded body is generated.
 */
export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  /**
   * Starts from four 32-bit words; use {@link createRandom} to start from a seed. `warmUp` outputs
   * are discarded, the first ones of sfc32 being correlated with the words; fewer only for words
   * that are already well mixed (see {@link Random.derive}).
   */
  constructor(a: number, b: number, c: number, d: number, warmUp = 12) {
    this.#a = a | 0;
    this.#b = b | 0;
    this.#c = c | 0;
    this.#d = d | 0;
    for (let i = 0; i < warmUp; i++) this.uint32();
  }

  /**
   * Starts this source again as a stream of its own, from one 32-bit draw of another and a
   * stream number, cheaply: the words are mixed, so a short warm-up does. For the many small
   * streams of generated records, which reuse one source each rather than make one per record.
   */
  derive(seed: number, stream: number): this {
    const s = (seed ^ Math.imul(stream, 0x27d4eb2d)) | 0;
    this.#a = mix32(s) | 0;
    this.#b = mix32(s ^ 0x68e31da4) | 0;
    this.#c = mix32(s ^ 0xb5297a4d) | 0;
    this.#d = stream | 0;
    this.uint32();
    this.uint32();
    return this;
  }

  /** A uniform unsigned 32-bit integer. */
  uint32(): number {
    const a = this.#a;
    const b = this.#b;
    const c = this.#c;
    const d = this.#d;
    const t = (((a + b) | 0) + d) | 0;
    this.#d = (d + 1) | 0;
    this.#a = b ^ (b >>> 9);
    this.#b = (c + (c << 3)) | 0;
    this.#c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** A uniform float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** A uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A uniform float in [min, max) rounded to `decimals` places. */
  float(min: number, max: number, decimals = 2): number {
    const scale = 10 ** decimals;
    return Math.round((min + this.next() * (max - min)) * scale) / scale;
  }

  /** True with probability `p`. */
  bool(p = 0.5): boolean {
    return this.next() < p;
  }

  /** A uniform element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }

  /** `count` distinct elements of `list`, in random order (all of them if the list is shorter). */
  sample<T>(list: readonly T[], count: number): T[] {
    const pool = list.slice();
    const n = Math.min(count, pool.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      const tmp = pool[i] as T;
      pool[i] = pool[j] as T;
      pool[j] = tmp;
    }
    return pool.slice(0, n);
  }
}

/** splitmix32's finaliser: a well-mixed 32-bit word of any 32-bit word. */
export function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A seed as given by a caller: a number, or any text such as the `seed` query parameter. */
export type Seed = number | string;

/**
 * Creates a random source. With a seed, the sequence depends on the seed only (`42` and `"42"`
 * give the same sequence); without one, it is seeded from `Math.random`.
 */
export function createRandom(seed?: Seed): Random {
  if (seed === undefined) {
    const word = () => Math.floor(Math.random() * 4294967296);
    return new Random(word(), word(), word(), word());
  }
  const [a, b, c, d] = hashSeed(String(seed));
  return new Random(a, b, c, d);
}

/** cyrb128: spreads a text over four 32-bit words. */
function hashSeed(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
