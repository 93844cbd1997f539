import type { StaticPageKey } from "@shared/content/ids";

/** The titles editors see for the four static pages. */
export const STATIC_PAGE_TITLES: Readonly<Record<StaticPageKey, string>> = {
  about: "About",
  terms: "Terms of Service",
  privacy: "Privacy Policy",
  "responsible-gambling": "Responsible Gambling",
};
