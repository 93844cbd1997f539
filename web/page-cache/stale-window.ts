/**
 * How long a cached page may stand in for itself while it is rendered again, read from its own
 * Cache-Control.
 */

/**
 * How long after it was rendered a page may stand in for itself while it is rendered again: as
 * long as its Cache-Control lets a shared cache serve it (s-maxage, then stale-while-revalidate),
 * and RERENDER_GRACE_MS more for the render itself. Without the grace, the live score (s-maxage
 * 15, the live tick's interval) would be just too old to stand in when the next tick comes.
 */
export function staleWindowMs(cacheControl: string): number {
  const seconds = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`, "i").exec(cacheControl)?.[1] ?? 0);
  const shared = (seconds("s-maxage") + seconds("stale-while-revalidate")) * 1000;
  return shared > 0 ? shared + RERENDER_GRACE_MS : 0;
}

/** The time a re-render may take, beyond a page's shared lifetime, while its previous answer stands in. */
export const RERENDER_GRACE_MS = 5_000;
