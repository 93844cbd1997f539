/**
 * Draft preview: an editor who opened preview with a valid secret gets a session, and loaders ask
 * `previewSessions.isActive(request)` before reading drafts; every response in preview is
 * `no-store` (entry.server.tsx), so no cache ever keeps a draft.
 *
 * Each opening creates a session with a random id that lasts an hour. The browser holds only the
 * id, in a signed HttpOnly cookie; the session itself lives in the `preview_sessions` table, so
 * leaving preview revokes it on every web process and across restarts, and a captured cookie is
 * worth nothing after its hour or after the editor leaves.
 *
 * Over https the cookie is `SameSite=None; Secure; Partitioned`, so it also works inside the
 * Studio's Presentation tool, which shows the site in an iframe of another site.
 */
import { randomBytes } from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Env } from "@shared/config/env";
import type { DbHandle } from "@shared/db";
import { previewSessions as previewSessionsTable } from "@shared/db/schema";

export const PREVIEW_COOKIE = "fkp_preview";
/** An editor's preview lasts an hour; the Presentation tool opens a new one each time. */
export const PREVIEW_MAX_AGE_SECONDS = 60 * 60;

export interface PreviewSessions {
  isActive(request: Request): Promise<boolean>;
  /** The Set-Cookie header that opens preview (a new session). */
  open(request: Request): Promise<string>;
  /** The Set-Cookie header that closes it; the session is revoked wherever it was captured. */
  close(request: Request): Promise<string>;
}

/** Where preview sessions live: the database in the site, memory where a test has no database. */
export interface PreviewSessionStore {
  create(id: string, expiresAt: Date): Promise<void>;
  /** The session exists, has not expired at `now` and was not revoked. */
  isLive(id: string, now: Date): Promise<boolean>;
  revoke(id: string, now: Date): Promise<void>;
}

/** Sessions in `preview_sessions`; opening one also forgets sessions that ended a day ago. */
export function databasePreviewSessionStore(handle: DbHandle): PreviewSessionStore {
  const { db } = handle;
  const table = previewSessionsTable;
  return {
    async create(id, expiresAt) {
      await db.delete(table).where(lt(table.expiresAt, new Date(expiresAt.getTime() - 25 * 60 * 60 * 1000)));
      await db.insert(table).values({ id, expiresAt });
    },
    async isLive(id, now) {
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), gt(table.expiresAt, now), isNull(table.revokedAt)))
        .limit(1);
      return rows.length === 1;
    },
    async revoke(id, now) {
      await db
        .update(table)
        .set({ revokedAt: now })
        .where(and(eq(table.id, id), isNull(table.revokedAt)));
    },
  };
}

/** Sessions of this process only (tests of routes that run without a database). */
export function memoryPreviewSessionStore(): PreviewSessionStore {
  const sessions = new Map<string, { expiresAt: Date; revoked: boolean }>();
  return {
    async create(id, expiresAt) {
      sessions.set(id, { expiresAt, revoked: false });
    },
    async isLive(id, now) {
      const session = sessions.get(id);
      return Boolean(session && !session.revoked && session.expiresAt > now);
    },
    async revoke(id) {
      const session = sessions.get(id);
      if (session) session.revoked = true;
    },
  };
}

const SESSION_ID = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * Without SESSION_SECRET (the embedded default) each process signs with a random secret of its
 * own, so preview simply ends when the site restarts; env.ts requires the variable wherever
 * that would not do. Expiry is wall-clock time (`now`), never the site's replay clock.
 */
export function createPreviewSessions(
  env: Pick<Env, "SESSION_SECRET" | "SITE_URL">,
  store: PreviewSessionStore = memoryPreviewSessionStore(),
  now: () => Date = () => new Date(),
): PreviewSessions {
  const overHttps = new URL(env.SITE_URL).protocol === "https:";
  const storage = createCookieSessionStorage<{ sid: string }>({
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
  const idOf = async (request: Request): Promise<string | null> => {
    // Most requests carry no preview cookie: no signature check, no query.
    if (!request.headers.get("Cookie")?.includes(PREVIEW_COOKIE)) return null;
    const sid = (await sessionOf(request)).get("sid");
    return typeof sid === "string" && SESSION_ID.test(sid) ? sid : null;
  };

  // Several loaders of one request ask: one check per request.
  const checked = new WeakMap<Request, Promise<boolean>>();
  const check = async (request: Request) => {
    const sid = await idOf(request);
    return sid !== null && (await store.isLive(sid, now()));
  };

  return {
    isActive(request) {
      let active = checked.get(request);
      if (!active) checked.set(request, (active = check(request)));
      return active;
    },
    async open(request) {
      const sid = randomBytes(24).toString("base64url");
      await store.create(sid, new Date(now().getTime() + PREVIEW_MAX_AGE_SECONDS * 1000));
      const session = await sessionOf(request);
      session.set("sid", sid);
      // Opened inside the Studio's Presentation tool (a frame of another site): a Lax cookie
      // would never come back from that frame. Browsers keep Secure cookies of localhost over
      // plain HTTP, so the local site can be framed too; partitioned, it stays in that frame.
      const framed = request.headers.get("Sec-Fetch-Dest") === "iframe";
      return storage.commitSession(
        session,
        !overHttps && framed ? { sameSite: "none", secure: true, partitioned: true } : undefined,
      );
    },
    async close(request) {
      const sid = await idOf(request);
      if (sid) await store.revoke(sid, now());
      return storage.destroySession(await sessionOf(request));
    },
  };
}
