import { formatUpdatedAgo } from "@shared/domain/updated-ago";

/** How often the header's 'Updated Ns ago' counts on between refreshes. */
export const UPDATED_AGO_TICK_MS = 1_000;

/**
 * Keeps every 'Updated Ns ago' on the page (server markup with `data-updated-ago-ms`, the time
 * behind the text when the server rendered it) counting each second, from the moment the
 * browser first shows it; a refresh brings new markup and the count starts again from it.
 * Returns the stop.
 */
export function startUpdatedAgoClock(): () => void {
  const update = () => {
    const now = Date.now();
    for (const element of document.querySelectorAll<HTMLElement>("[data-updated-ago-ms]")) {
      const base = Number(element.dataset.updatedAgoMs);
      if (!Number.isFinite(base)) continue;
      if (!element.dataset.updatedAgoSeen) element.dataset.updatedAgoSeen = String(now);
      const text = formatUpdatedAgo(base + now - Number(element.dataset.updatedAgoSeen));
      if (element.textContent !== text) element.textContent = text;
    }
  };
  update();
  const timer = window.setInterval(update, UPDATED_AGO_TICK_MS);
  return () => window.clearInterval(timer);
}
