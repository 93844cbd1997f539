/**
 * The page views the analytics tag reports (Analytics loads this only when the tag is
 * configured): the first after INITIAL_PAGE_VIEW_DELAY_MS, then one per change of the path.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { INITIAL_PAGE_VIEW_DELAY_MS } from "../analytics";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

function sendPageView(pathname: string, href: string, title: string): void {
  window.gtag?.("event", "page_view", { page_location: href, page_path: pathname, page_title: title });
}

/** The first page view after INITIAL_PAGE_VIEW_DELAY_MS, then one per change of the path. */
function usePageViews(enabled: boolean): void {
  const { pathname } = useLocation();
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const landing = { pathname: window.location.pathname, href: window.location.href, title: document.title };
    reported.current = landing.pathname;
    const timer = window.setTimeout(
      () => sendPageView(landing.pathname, landing.href, landing.title),
      INITIAL_PAGE_VIEW_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [enabled]);

  useEffect(() => {
    if (!enabled || reported.current === null || reported.current === pathname) return;
    reported.current = pathname;
    // Effects run after the commit, so the new page's <title> is already in place.
    sendPageView(pathname, window.location.href, document.title);
  }, [enabled, pathname]);
}

export function PageViews() {
  usePageViews(true);
  return null;
}
