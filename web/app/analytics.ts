/**
 * The analytics tag: only when both ANALYTICS_HOST and ANALYTICS_MEASUREMENT_ID are set. The page
 * loads `{host}/gtag/js?id={id}` with the CSP nonce, reports a test event `page_load` at once, the
 * first page view 1000 ms after load (spec 9), and a page view on every client-side change of
 * the location's path (spec 2). Hits go to the same host (a first-party tagging server), which
 * is the one origin web/server.ts adds to the CSP. Without configuration nothing is loaded.
 * The root loader builds the tag (`analyticsTag`); the browser only renders it and reports the
 * page views (components/Analytics.tsx).
 */
import type { Env } from "@shared/config/env";

export interface AnalyticsConfig {
  /** Origin of the tag-manager script, which also receives the hits. */
  host: string;
  measurementId: string;
}

/** Spec 9: "Analytics initial page view 1000 ms". */
export const INITIAL_PAGE_VIEW_DELAY_MS = 1000;
/** Spec 2: the loader "sends a test event named page_load". */
export const TEST_EVENT_NAME = "page_load";

export function analyticsConfig(env: Pick<Env, "ANALYTICS_HOST" | "ANALYTICS_MEASUREMENT_ID">): AnalyticsConfig | null {
  if (!env.ANALYTICS_HOST || !env.ANALYTICS_MEASUREMENT_ID) return null;
  return { host: new URL(env.ANALYTICS_HOST).origin, measurementId: env.ANALYTICS_MEASUREMENT_ID };
}

export function tagScriptUrl(config: AnalyticsConfig): string {
  return `${config.host}/gtag/js?id=${encodeURIComponent(config.measurementId)}`;
}

/** A JSON value safe inside an inline script element. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The inline start of the tag: the command queue the script reads when it arrives, its
 * configuration (no automatic page view: the site sends its own), and the test event.
 */
export function tagBootstrapScript(config: AnalyticsConfig): string {
  return [
    "window.dataLayer=window.dataLayer||[];",
    "window.gtag=function(){window.dataLayer.push(arguments);};",
    'window.gtag("js",new Date());',
    `window.gtag("config",${scriptLiteral(config.measurementId)},${scriptLiteral({ send_page_view: false, server_container_url: config.host })});`,
    `window.gtag("event",${scriptLiteral(TEST_EVENT_NAME)});`,
  ].join("");
}

/** The tag as the page renders it: the inline start and the script's URL. */
export interface AnalyticsTag {
  bootstrap: string;
  src: string;
}

/** The tag for this configuration, or null without one. */
export function analyticsTag(env: Pick<Env, "ANALYTICS_HOST" | "ANALYTICS_MEASUREMENT_ID">): AnalyticsTag | null {
  const config = analyticsConfig(env);
  return config && { bootstrap: tagBootstrapScript(config), src: tagScriptUrl(config) };
}
