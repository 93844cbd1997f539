/**
 * Site-wide texts from the site settings document, each falling back to the site's built-in
 * text when the document or the field is missing, or when content cannot be read: a content
 * outage never breaks a page.
 */
import { HERO_BUTTON, HERO_HEADLINE, HERO_SUBTEXT, RESPONSIBLE_BANNER, SOCIAL_URL } from "@shared/domain/site";
import { isExternalHref, safeLinkHref } from "@shared/content/link-href";
import type { AppContext } from "./load-context";

export interface SiteTexts {
  heroHeadline: string;
  heroSubtext: string;
  heroButtonLabel: string;
  responsibleBanner: string;
  socialUrl: string;
}

export const BUILT_IN_SITE_TEXTS: SiteTexts = {
  heroHeadline: HERO_HEADLINE,
  heroSubtext: HERO_SUBTEXT,
  heroButtonLabel: HERO_BUTTON,
  responsibleBanner: RESPONSIBLE_BANNER,
  socialUrl: SOCIAL_URL,
};

export async function getSiteTexts({ content }: Pick<AppContext, "content">, preview: boolean): Promise<SiteTexts> {
  try {
    const settings = await content.getSiteSettings({ preview });
    return {
      heroHeadline: settings?.heroHeadline || BUILT_IN_SITE_TEXTS.heroHeadline,
      heroSubtext: settings?.heroSubtext || BUILT_IN_SITE_TEXTS.heroSubtext,
      heroButtonLabel: settings?.heroButtonLabel || BUILT_IN_SITE_TEXTS.heroButtonLabel,
      responsibleBanner: settings?.responsibleBanner || BUILT_IN_SITE_TEXTS.responsibleBanner,
      socialUrl: socialLink(settings?.socialUrl),
    };
  } catch (error) {
    console.error(`Site settings unavailable, showing the built-in texts: ${(error as Error).message}`);
    return BUILT_IN_SITE_TEXTS;
  }
}

/** The footer's social link opens another site: an http(s) address, else the built-in one (never javascript: and the like). */
function socialLink(value: string | null | undefined): string {
  const href = safeLinkHref(value);
  return href !== null && isExternalHref(href) ? href : BUILT_IN_SITE_TEXTS.socialUrl;
}
