/** The index of the banner message after `index`, wrapping around `count` messages. */
export function nextBannerIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index + 1) % count;
}

/** The index of the message on show `elapsedMs` after the banner started, one per `intervalMs`. */
export function bannerIndexAt(elapsedMs: number, intervalMs: number, count: number): number {
  if (count <= 0 || intervalMs <= 0 || elapsedMs < 0) return 0;
  return Math.floor(elapsedMs / intervalMs) % count;
}
