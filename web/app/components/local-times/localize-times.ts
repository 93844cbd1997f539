/**
 * Rewrites the server's UTC kick-offs to the reader's zone (use-local-times.ts loads this when
 * the page has a time to rewrite), now and whenever the page changes. Only the text node's value
 * changes, so React's own nodes stay the ones it knows.
 */
import { isClockUtcText, isKickoffUtcText, localClockText, localKickoffText } from "./local-kickoff";

function localizeTimes(): void {
  for (const time of document.querySelectorAll("time[datetime]")) {
    const text = time.firstChild;
    // The social card shows what its image shows: UTC.
    if (!text || text !== time.lastChild || text.nodeType !== Node.TEXT_NODE || time.closest(".social-card")) continue;
    const value = text.nodeValue ?? "";
    const timeOnly = time.hasAttribute("data-time-only");
    if (!(timeOnly ? isClockUtcText(value) : isKickoffUtcText(value))) continue;
    const date = new Date(time.getAttribute("datetime") ?? "");
    if (Number.isNaN(date.getTime())) continue;
    const local = timeOnly ? localClockText(date) : localKickoffText(date);
    if (local === value) continue;
    time.setAttribute("title", value);
    text.nodeValue = local;
  }
}

/** Rewrites the page's times now and on every change of the page; returns a function that stops. */
export function startLocalTimes(): () => void {
  localizeTimes();
  const observer = new MutationObserver(localizeTimes);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
