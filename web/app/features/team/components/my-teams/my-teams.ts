/**
 * 'My Teams': the reader's favourite clubs, kept in the browser's localStorage only (no account,
 * no cookie, nothing sent to the server), so every page stays the same for every visitor and
 * the page cache keeps serving it. The stars on team pages and team lists add and remove clubs;
 * the home page's strip shows each one's next match and pick. The stars run from
 * my-team-stars.ts, which loads this module when a star needs it.
 */
/**
 * The localStorage key of the list. The home page and the stars (my-team-stars.ts) read it
 * without importing this module (which would load it with the page): my-teams.test.ts checks
 * the spellings agree.
 */
export const MY_TEAMS_KEY = "fkp-my-teams";

/** The most clubs My Teams holds. */
export const MY_TEAMS_LIMIT = 10;

/** A favourite club: what the strip needs to name it and link to it before any request. */
export interface MyTeam {
  id: number;
  name: string;
  /** The team page's path. */
  url: string;
}

function isMyTeam(value: unknown): value is MyTeam {
  if (typeof value !== "object" || value === null) return false;
  const { id, name, url } = value as Record<string, unknown>;
  return (
    typeof id === "number" &&
    Number.isInteger(id) &&
    id > 0 &&
    id <= 2_147_483_647 &&
    typeof name === "string" &&
    name.trim() !== "" &&
    name.length <= 100 &&
    typeof url === "string" &&
    /^\/[a-z0-9-]+\/teams\/[a-z0-9-]+$/.test(url)
  );
}

/**
 * The stored list, read defensively: anything may be in localStorage (an older format, another
 * script's writes), so entries that are not clubs are dropped, repeats are kept once, and at
 * most MY_TEAMS_LIMIT are kept.
 */
export function parseMyTeams(raw: string | null): MyTeam[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  const teams: MyTeam[] = [];
  for (const entry of value) {
    if (!isMyTeam(entry) || seen.has(entry.id)) continue;
    seen.add(entry.id);
    teams.push({ id: entry.id, name: entry.name, url: entry.url });
    if (teams.length === MY_TEAMS_LIMIT) break;
  }
  return teams;
}

export type ToggleResult = { teams: MyTeam[]; change: "added" | "removed" | "full" };

/** The list after the star of `team` is pressed: removed when in it, else added at the end unless full. */
export function toggleMyTeam(teams: readonly MyTeam[], team: MyTeam): ToggleResult {
  if (teams.some((t) => t.id === team.id)) return { teams: teams.filter((t) => t.id !== team.id), change: "removed" };
  if (teams.length >= MY_TEAMS_LIMIT) return { teams: [...teams], change: "full" };
  return { teams: [...teams, team], change: "added" };
}

/**
 * The toast events' name for an error (toast/toast-events.ts's ERROR_TOAST_EVENT, which
 * my-teams.test.ts checks): importing that module here would split it out of the root's chunk.
 */
export const ERROR_TOAST_EVENT_NAME = "showErrorToast";

/** The star's accessible name; `aria-pressed` says whether the club is in My Teams. */
export const starLabel = (name: string) => `Add ${name} to My Teams`;

export const MY_TEAMS_FULL_MESSAGE = `My Teams holds ${MY_TEAMS_LIMIT} clubs: remove one to add another.`;

/** The stored list; empty when storage is unavailable (private modes, blocked storage). */
export function readMyTeams(): MyTeam[] {
  try {
    return parseMyTeams(window.localStorage.getItem(MY_TEAMS_KEY));
  } catch {
    return [];
  }
}

/** Stores the list; false when storage refuses it. */
export function writeMyTeams(teams: readonly MyTeam[]): boolean {
  try {
    if (teams.length === 0) window.localStorage.removeItem(MY_TEAMS_KEY);
    else window.localStorage.setItem(MY_TEAMS_KEY, JSON.stringify(teams));
    return true;
  } catch {
    return false;
  }
}
