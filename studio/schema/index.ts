import { matchPreview } from "./match-preview";
import { richText } from "./rich-text";
import { siteSettings } from "./site-settings";
import { pageSection, staticPage } from "./static-page";
import { parlayLeg, sundayParlay } from "./sunday-parlay";
import { teamProfile } from "./team-profile";

/** Every schema type of the Studio. */
export const schemaTypes = [
  richText,
  parlayLeg,
  pageSection,
  matchPreview,
  sundayParlay,
  teamProfile,
  siteSettings,
  staticPage,
];
