/**
 * Kick-off times in the reader's time zone. Pages are cached and shared by every visitor, so
 * the server writes kick-offs in UTC ("Sat 7 Feb, 23:30 UTC", KickoffTime); after hydration
 * the root rewrites each such <time> to the reader's zone, and again whenever the page changes
 * (a navigation, a live refresh, React writing a time back to UTC). Only the text node's value
 * changes, so React's own nodes stay the ones it knows.
 */
import { useEffect } from "react";
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

export function useLocalTimes(): void {
  useEffect(() => {
    localizeTimes();
    const observer = new MutationObserver(localizeTimes);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
}
