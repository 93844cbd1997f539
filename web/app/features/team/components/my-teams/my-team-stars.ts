/**
 * The My Teams stars of a page: `button[data-my-team]` elements, in server markup (the team
 * page's header) or rendered by React (team lists). They are sent hidden, the same for every
 * visitor; after hydration useMyTeamStars shows them with each club's state from localStorage and
 * handles their presses (one listener on the document, so server markup needs no handlers). The
 * state follows changes made in other tabs.
 *
 * The code that reads, checks and writes the list (my-teams.ts) is not part of a page's first
 * load unless this browser has stored a list: with nothing stored every star starts unpressed,
 * and the first press adds its club at once (what that code does to an empty list), then the
 * code loads; presses before it arrives are answered here too (pressEarly). A press that needs
 * the code before it has loaded is answered when it arrives.
 */
import { useEffect } from "react";
import type { MyTeam } from "./my-teams";

/** my-teams.ts's MY_TEAMS_KEY and starLabel, written out here (my-teams.test.ts checks they agree). */
export const MY_TEAMS_KEY = "fkp-my-teams";
export const starLabel = (name: string) => `Add ${name} to My Teams`;

const STAR = "button[data-my-team]";

function teamOf(button: HTMLElement): MyTeam {
  return { id: Number(button.dataset.myTeam), name: button.dataset.teamName ?? "", url: button.dataset.teamUrl ?? "" };
}

type MyTeamsCode = typeof import("./my-teams");

let code: MyTeamsCode | null = null;
let loading: Promise<MyTeamsCode | null> | null = null;

/** Runs `use` with the list's code, once loaded (offline or after a new deployment: nothing, and the next call tries again). */
function withCode(use: (loaded: MyTeamsCode) => void): void {
  loading ??= import("./my-teams").then(
    (module) => (code = module),
    (error: unknown) => {
      console.warn("Could not load My Teams", error);
      loading = null;
      return null;
    },
  );
  void loading.then((loaded) => loaded && use(loaded));
}

/** The stored list as text: null when nothing is stored (or storage is unavailable: nothing to read either way). */
function stored(): string | null {
  try {
    return window.localStorage.getItem(MY_TEAMS_KEY);
  } catch {
    return null;
  }
}

/** Shows the page's stars with each club's state. */
function syncStars({ readMyTeams }: MyTeamsCode): void {
  const ids = new Set(readMyTeams().map((team) => team.id));
  for (const button of document.querySelectorAll<HTMLButtonElement>(STAR)) {
    const team = teamOf(button);
    button.setAttribute("aria-pressed", String(ids.has(team.id)));
    button.setAttribute("aria-label", starLabel(team.name));
    button.hidden = false;
  }
}

/** A press of a star: its club joins or leaves the list, or the reader hears why not. */
function pressStar(loaded: MyTeamsCode, button: HTMLButtonElement): void {
  const result = loaded.toggleMyTeam(loaded.readMyTeams(), teamOf(button));
  const message =
    result.change === "full"
      ? loaded.MY_TEAMS_FULL_MESSAGE
      : loaded.writeMyTeams(result.teams)
        ? null
        : "This browser does not let the site keep My Teams.";
  if (message) window.dispatchEvent(new CustomEvent(loaded.ERROR_TOAST_EVENT_NAME, { detail: { message } }));
  syncStars(loaded);
}

function showStars(): void {
  if (code) return syncStars(code);
  // Nothing stored: every star is unpressed, as the server sent it.
  if (stored() === null) for (const button of document.querySelectorAll<HTMLButtonElement>(STAR)) button.hidden = false;
  else withCode(syncStars);
}

/**
 * Presses before the list's code has loaded are answered here, at once, while the list is empty
 * or is the one written here (its every club known): a club joins or leaves as the code would
 * have it. The code takes over long before the list could be full (my-teams.ts's limit).
 */
const EARLY_LIST_LIMIT = 5;

/** The list as written here: its stored text and its clubs. */
let written: { text: string; teams: MyTeam[] } | null = null;

/** Answers a press without the list's code; false when it cannot (a list stored before, a refusing storage). */
function pressEarly(button: HTMLButtonElement): boolean {
  const text = stored();
  const teams = text === null ? [] : text === written?.text ? written.teams : null;
  if (!teams) return false;
  const team = teamOf(button);
  const next = teams.some((t) => t.id === team.id) ? teams.filter((t) => t.id !== team.id) : [...teams, team];
  if (next.length > EARLY_LIST_LIMIT) return false;
  const nextText = JSON.stringify(next);
  try {
    if (next.length === 0) window.localStorage.removeItem(MY_TEAMS_KEY);
    else window.localStorage.setItem(MY_TEAMS_KEY, nextText);
  } catch {
    return false;
  }
  written = next.length === 0 ? null : { text: nextText, teams: next };
  const ids = new Set(next.map((t) => t.id));
  for (const star of document.querySelectorAll<HTMLButtonElement>(STAR))
    star.setAttribute("aria-pressed", String(ids.has(Number(star.dataset.myTeam))));
  return true;
}

function onClick(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(STAR);
  if (!button) return;
  if (code) return pressStar(code, button);
  if (pressEarly(button)) withCode(syncStars);
  else withCode((loaded) => pressStar(loaded, button));
}

function onStorage(event: StorageEvent): void {
  if (event.key === MY_TEAMS_KEY || event.key === null) withCode(syncStars);
}

/** Runs the page's stars; `markup` is whatever changes when the page's content is replaced. */
export function useMyTeamStars(markup: unknown): void {
  useEffect(() => {
    showStars();
  }, [markup]);

  useEffect(() => {
    document.addEventListener("click", onClick);
    window.addEventListener("storage", onStorage);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("storage", onStorage);
    };
  }, []);
}
