/**
 * The Studio's settings. The Studio is a static bundle: `sanity build` and `sanity dev` embed
 * the SANITY_STUDIO_* variables present when they run (see README.md, "Editorial content").
 */

/** The Content Lake API version the Studio's own queries (validation, structure) use. */
export const STUDIO_API_VERSION = "2025-02-19";

export const studioProjectId = process.env.SANITY_STUDIO_PROJECT_ID ?? "";
export const studioDataset = process.env.SANITY_STUDIO_DATASET || "production";
/** The site the Presentation tool shows, in preview mode. */
export const previewSiteUrl = process.env.SANITY_STUDIO_PREVIEW_URL || "http://localhost:3000";
