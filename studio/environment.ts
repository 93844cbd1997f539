/**
 * The Studio's settings. The Studio is a static bundle: `sanity build` and `sanity dev` embed
 * the SANITY_STUDIO_* variables present when they run (see README.md, "Editorial content").
 *
 * Without SANITY_STUDIO_PROJECT_ID the Studio is built for the local Content Lake stand-in
 * (`npm run studio:local`): project `local` at https://localhost:3334, as the site without
 * SANITY_PROJECT_ID reads the local dataset. Nothing of it reaches Sanity.
 */

/** The Content Lake API version the Studio's own queries (validation, structure) use. */
export const STUDIO_API_VERSION = "2025-02-19";

/** The project and port of the local Content Lake stand-in (studio/testing/content-lake.ts). */
export const LOCAL_PROJECT_ID = "local";
export const LOCAL_CONTENT_LAKE_PORT = 3334;
/** Its plain HTTP port, for the site's server-side client. */
export const LOCAL_CONTENT_LAKE_HTTP_PORT = 3335;

const configuredProjectId = process.env.SANITY_STUDIO_PROJECT_ID || "";
export const studioProjectId = configuredProjectId || LOCAL_PROJECT_ID;
export const studioDataset = process.env.SANITY_STUDIO_DATASET || "production";
/**
 * Where the Content Lake is: Sanity's own for a real project, unless SANITY_STUDIO_API_HOST
 * says otherwise; the local stand-in for the local project. The Studio's clients address
 * `https://{projectId}.{host}`, so the local Studio talks to https://local.localhost:3334
 * (every *.localhost name is this machine).
 */
export const studioApiHost: string | undefined =
  process.env.SANITY_STUDIO_API_HOST ||
  (configuredProjectId ? undefined : `https://localhost:${LOCAL_CONTENT_LAKE_PORT}`);
/** The site the Presentation tool shows, in preview mode. */
export const previewSiteUrl = process.env.SANITY_STUDIO_PREVIEW_URL || "http://localhost:3000";
