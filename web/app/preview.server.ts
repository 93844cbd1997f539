/**
 * Draft preview: a signed, http-only session cookie says an editor opened preview with a valid
 * secret. Loaders ask `previewSessions.isActive(request)` and then read drafts; every response in preview is
 * `no-store` (entry.server.tsx), so no cache ever keeps a draft.
 *
 * Over https the cookie is `SameSite=None; Secure; Partitioned`, so it also works inside the
 * Studio's Presentation tool, which shows the site in an iframe of another site.
 */
import { randomBytes } from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
import type { Env } from "../../shared/config/env";

export const PREVIEW_COOKIE = "fkp_preview";
/** An editor's preview lasts an hour; the Presentation tool opens a new one each time. */
const PREVIEW_MAX_AGE_SECONDS = 60 * 60;

export interface PreviewSessions {
  isActive(request: Request): Promise<boolean>;
  /** The Set-Cookie header that opens preview. */
  open(request: Request): Promise<string>;
  /** The Set-Cookie header that closes it. */
  close(request: Request): Promise<string>;
}

/**
 * Without SESSION_SECRET (the embedded default) each process signs with a random secret of its
 * own, so preview simply ends when the site restarts; env.ts requires the variable wherever
 * that would not do.
 */
export function createPreviewSessions(env: Pick<Env, "SESSION_SECRET" | "SITE_URL">): PreviewSessions {
  const overHttps = new URL(env.SITE_URL).protocol === "https:";
  const storage = createCookieSessionStorage<{ preview: boolean }>({
    cookie: {
      name: PREVIEW_COOKIE,
      httpOnly: true,
      path: "/",
      maxAge: PREVIEW_MAX_AGE_SECONDS,
      secrets: [env.SESSION_SECRET ?? randomBytes(32).toString("hex")],
      ...(overHttps ? { sameSite: "none", secure: true, partitioned: true } : { sameSite: "lax", secure: false }),
    },
  });
  const sessionOf = (request: Request) => storage.getSession(request.headers.get("Cookie"));

  return {
    async isActive(request) {
      return (await sessionOf(request)).get("preview") === true;
    },
    async open(request) {
      const session = await sessionOf(request);
      session.set("preview", true);
      return storage.commitSession(session);
    },
    async close(request) {
      return storage.destroySession(await sessionOf(request));
    },
  };
}
