/**
 * The My Teams stars of a page: `button[data-my-team]` elements, in server markup (the team
 * page's header) or rendered by React (team lists). They are sent hidden, the same for every
 * visitor; after hydration useMyTeamStars shows them with each club's state from localStorage and
 * handles their presses (one listener on the document, so server markup needs no handlers). The
 * state follows changes made in other tabs.
 *
 * The code that reads, checks and writes the list (my-teams.ts, with the stars' work that needs
 * it: my-team-star-presses.ts) is not part of a page's first load unless this browser has stored
 * a list: with nothing stored every star starts unpressed, and the first press adds its club at
 * once (what that code does to an empty list, pressEarly), then the code loads. A later press
 * before it has arrived is answered when it arrives.
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

/** The page's stars, for the code that answers them once loaded (my-team-star-presses.ts). */
const PAGE_STARS = { all: () => document.querySelectorAll<HTMLButtonElement>(STAR), teamOf };

/** What answers the stars once the list's code has loaded (my-team-star-presses.ts). */
type MyTeamsCode = typeof import("./my-team-star-presses");

const syncPageStars = (loaded: MyTeamsCode) => loaded.syncStars(PAGE_STARS);

let code: MyTeamsCode | null = null;
let loading: Promise<MyTeamsCode | null> | null = null;

/** Runs `use` with the list's code, once loaded (offline or after a new deployment: nothing, and the next call tries again). */
function withCode(use: (loaded: MyTeamsCode) => void): void {
  loading ??= import("./my-team-star-presses").then(
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

function showStars(): void {
  if (code) return syncPageStars(code);
  // Nothing stored: every star is unpressed, as the server sent it.
  if (stored() === null) for (const button of document.querySelectorAll<HTMLButtonElement>(STAR)) button.hidden = false;
  else withCode(syncPageStars);
}

/**
 * A press before the list's code has loaded, with nothing stored: its club becomes the list at
 * once, as the code would have it. False when a list is stored (the code answers the press when
 * it arrives) or storage refuses.
 */
function pressEarly(button: HTMLButtonElement): boolean {
  if (stored() !== null) return false;
  const team = teamOf(button);
  try {
    window.localStorage.setItem(MY_TEAMS_KEY, JSON.stringify([team]));
  } catch {
    return false;
  }
  for (const star of document.querySelectorAll<HTMLButtonElement>(STAR))
    star.setAttribute("aria-pressed", String(Number(star.dataset.myTeam) === team.id));
  return true;
}

function onClick(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(STAR);
  if (!button) return;
  if (code) return code.pressStar(PAGE_STARS, button);
  if (pressEarly(button)) withCode(syncPageStars);
  else withCode((loaded) => loaded.pressStar(PAGE_STARS, button));
}

function onStorage(event: StorageEvent): void {
  if (event.key === MY_TEAMS_KEY || event.key === null) withCode(syncPageStars);
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
