/**
 * The site's JSON API as the Studio reads it: the fixture list of a league and the numbers
 * beside a preview (web/app/features/editor-desk/editor-desk.server.ts). The site allows the Studio's origin by CORS
 * (STUDIO_ORIGIN) for reads only. Answers are kept for a short while, so validation, the
 * document actions and the 'Model & data' view share one request; the site's own answers are
 * cacheable, so a repeated read costs it nothing.
 *
 * The site may run on a replayed clock: every answer carries the site's `now`, and the Studio
 * keeps the offset, so "has this fixture kicked off?" is answered by the site's clock.
 */
import type { FixtureKey } from "@shared/content/ids";
import type {
  EditorFixture,
  EditorFixtureData,
  EditorFixtureList,
  EditorFormMatch,
  EditorMatchRecord,
  EditorStandingRow,
} from "@shared/content/editor-desk";
import { previewSiteUrl } from "./environment";

/** How long an answer is reused before the site is asked again (the data versions change the body). */
export const SITE_ANSWER_TTL_MS = 30_000;

export type {
  EditorFixture,
  EditorFixtureData,
  EditorFixtureList,
  EditorFormMatch,
  EditorMatchRecord,
  EditorStandingRow,
};

let siteBase = previewSiteUrl.replace(/\/$/, "");

/**
 * Where the last offset learnt is kept for the Studio's other tabs and its next load: a form's
 * read-only rule (a kicked-off fixture is locked) is decided when the form first renders, which
 * can be before this tab's first answer from the site. Without it a new tab took the machine's
 * clock for the site's, and on a replayed clock every fixture of the replay had kicked off.
 */
const OFFSET_STORAGE_KEY = "fkp.site-clock-offset";

function storedOffset(base: string): number {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(OFFSET_STORAGE_KEY) ?? "null") as {
      site?: unknown;
      offsetMs?: unknown;
    } | null;
    return stored?.site === base && typeof stored.offsetMs === "number" && Number.isFinite(stored.offsetMs)
      ? stored.offsetMs
      : 0;
  } catch {
    // No storage (a test's Node), or a value another version wrote: the machine's clock.
    return 0;
  }
}

function keepOffset(base: string, offsetMs: number): void {
  try {
    globalThis.localStorage?.setItem(OFFSET_STORAGE_KEY, JSON.stringify({ site: base, offsetMs }));
  } catch {
    // Storage full or refused: this tab still has the offset.
  }
}

/** The site's clock minus this machine's, from the last answer (or the last any tab kept). */
let clockOffsetMs = storedOffset(siteBase);
const answers = new Map<string, { at: number; body: Promise<unknown> }>();

/** Points the Studio at another site (tests); forgets what it read. */
export function pointStudioAt(url: string): void {
  siteBase = url.replace(/\/$/, "");
  clockOffsetMs = storedOffset(siteBase);
  answers.clear();
}

export function siteUrl(path: string): string {
  return `${siteBase}${path}`;
}

/** The site's clock (a replay runs behind the real one). */
export function siteNow(): Date {
  return new Date(Date.now() + clockOffsetMs);
}

class SiteApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readJson<Body extends { now: string }>(path: string): Promise<Body | null> {
  const url = siteUrl(path);
  const cached = answers.get(url);
  if (cached && Date.now() - cached.at < SITE_ANSWER_TTL_MS) return cached.body as Promise<Body | null>;
  const body = (async () => {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    if (response.status === 404) return null;
    if (!response.ok) throw new SiteApiError(response.status, `The site answered ${response.status} for ${path}`);
    const json = (await response.json()) as Body;
    clockOffsetMs = new Date(json.now).getTime() - Date.now();
    keepOffset(siteBase, clockOffsetMs);
    return json;
  })();
  answers.set(url, { at: Date.now(), body });
  // A failure is not kept: the next read asks again.
  body.catch(() => answers.delete(url));
  return body;
}

/** This week's and next week's fixtures of a league. */
export function fetchFixtureList(league: string): Promise<EditorFixtureList | null> {
  return readJson<EditorFixtureList>(`/api/editor/fixtures/${encodeURIComponent(league)}`);
}

/** The numbers beside a preview; null when the site has no such fixture. */
export function fetchFixtureData(
  key: Pick<FixtureKey, "league" | "season" | "homeTeam" | "awayTeam">,
): Promise<EditorFixtureData | null> {
  const segments = [key.league, key.season, key.homeTeam, key.awayTeam].map(encodeURIComponent).join("/");
  return readJson<EditorFixtureData>(`/api/editor/fixture/${segments}`);
}

/** Forgets a fixture's answer, so the next read asks the site (the view's refresh). */
export function forgetFixtureData(key: Pick<FixtureKey, "league" | "season" | "homeTeam" | "awayTeam">): void {
  const segments = [key.league, key.season, key.homeTeam, key.awayTeam].map(encodeURIComponent).join("/");
  answers.delete(siteUrl(`/api/editor/fixture/${segments}`));
}
