import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@shared/config/env";
import type { DbHandle } from "@shared/db";
import { previewSessions as previewSessionsTable } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { createPreviewSessions, databasePreviewSessionStore, PREVIEW_MAX_AGE_SECONDS } from "./preview.server";

const SITE = "http://localhost:3000";
const env = parseEnv({ SESSION_SECRET: "a-session-secret-shared-by-every-web-process" });

/** The cookie a browser sends back after a Set-Cookie header. */
const cookieOf = (setCookie: string) => setCookie.split(";")[0];
const requestWith = (cookie: string) => new Request(`${SITE}/`, { headers: { Cookie: cookie } });

describe.each(testDatabases())("preview sessions on $driver", (testDb) => {
  let handle: DbHandle;
  let clock = new Date("2026-11-25T12:00:00Z");
  const now = () => clock;

  beforeAll(async () => {
    handle = await testDb.open();
  });
  afterAll(() => testDb.dispose());

  it("gives every opening its own random session, stored with an hour's expiry", async () => {
    const sessions = createPreviewSessions(env, databasePreviewSessionStore(handle), now);
    const first = cookieOf(await sessions.open(new Request(SITE)));
    const second = cookieOf(await sessions.open(new Request(SITE)));
    expect(first).not.toBe(second);
    expect(await sessions.isActive(requestWith(first))).toBe(true);
    expect(await sessions.isActive(requestWith(second))).toBe(true);
    const rows = await handle.db.select().from(previewSessionsTable);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.expiresAt.getTime() - clock.getTime()).toBe(PREVIEW_MAX_AGE_SECONDS * 1000);
  });

  it("sets a Lax cookie on the site itself, and a partitioned cross-site one when opened in the Studio's frame", async () => {
    const sessions = createPreviewSessions(env, databasePreviewSessionStore(handle), now);
    const direct = await sessions.open(new Request(SITE, { headers: { "Sec-Fetch-Dest": "document" } }));
    expect(direct).toMatch(/SameSite=Lax/i);
    expect(direct).not.toMatch(/Secure|Partitioned/i);
    const framed = await sessions.open(new Request(SITE, { headers: { "Sec-Fetch-Dest": "iframe" } }));
    expect(framed).toMatch(/SameSite=None/i);
    expect(framed).toMatch(/; Secure/i);
    expect(framed).toMatch(/; Partitioned/i);
    expect(await sessions.isActive(requestWith(cookieOf(framed)))).toBe(true);
  });

  it("ends a session after its hour, even though the cookie still carries a valid signature", async () => {
    clock = new Date("2026-11-25T12:00:00Z");
    const sessions = createPreviewSessions(env, databasePreviewSessionStore(handle), now);
    const cookie = cookieOf(await sessions.open(new Request(SITE)));
    clock = new Date(clock.getTime() + PREVIEW_MAX_AGE_SECONDS * 1000 - 1000);
    expect(await sessions.isActive(requestWith(cookie))).toBe(true);
    clock = new Date(clock.getTime() + 2000);
    expect(await sessions.isActive(requestWith(cookie))).toBe(false);
  });

  it("revokes a captured session on leaving, for every process and after a restart", async () => {
    clock = new Date("2026-11-25T12:00:00Z");
    const processA = createPreviewSessions(env, databasePreviewSessionStore(handle), now);
    const processB = createPreviewSessions(env, databasePreviewSessionStore(handle), now);
    const captured = cookieOf(await processA.open(new Request(SITE)));
    expect(await processB.isActive(requestWith(captured))).toBe(true);

    const cleared = await processA.close(requestWith(captured));
    expect(cleared).toMatch(/^fkp_preview=;/);
    expect(await processA.isActive(requestWith(captured))).toBe(false);
    expect(await processB.isActive(requestWith(captured))).toBe(false);
    const restarted = createPreviewSessions(env, databasePreviewSessionStore(handle), now);
    expect(await restarted.isActive(requestWith(captured))).toBe(false);
  });

  it("refuses a cookie signed by another secret, and asks the database nothing without a cookie", async () => {
    const sessions = createPreviewSessions(env, databasePreviewSessionStore(handle), now);
    const cookie = cookieOf(await sessions.open(new Request(SITE)));
    const other = createPreviewSessions(
      parseEnv({ SESSION_SECRET: "another-secret-of-another-site-000" }),
      databasePreviewSessionStore(handle),
      now,
    );
    expect(await other.isActive(requestWith(cookie))).toBe(false);
    expect(await sessions.isActive(new Request(SITE))).toBe(false);
  });
});
