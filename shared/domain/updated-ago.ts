/** Live badge: 'Updated Ns ago' under a minute, then 'Updated Nm ago' (spec section 4). */
export function formatUpdatedAgo(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  return seconds < 60 ? `Updated ${seconds}s ago` : `Updated ${Math.floor(seconds / 60)}m ago`;
}
