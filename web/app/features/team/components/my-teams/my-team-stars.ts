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
 * code loads for the presses after it. A press that needs the code before it has loaded is
 * answered when it arrives.
 */
import { useEffect } from "react";
import type { MyTeam } from "./my-teams";

/**
 * The localStorage key of the list. The home page reads it without importing this module (which
 * would load it with the page): my-teams.test.ts checks the two spellings agree.
 */
export const MY_TEAMS_KEY = "fkp-my-teams";

/** The star's accessible name; `aria-pressed` says whether the club is in My Teams. */
export const starLabel = (name: string) => `Add ${name} to My Teams`;

export const STAR = "button[data-my-team]";

export function teamOf(button: HTMLElement): MyTeam {
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

function showStars(): void {
  if (code) return code.syncStars();
  // Nothing stored: every star is unpressed, as the server sent it.
  if (stored() === null) for (const button of document.querySelectorAll<HTMLButtonElement>(STAR)) button.hidden = false;
  else withCode((loaded) => loaded.syncStars());
}

/** The first press with nothing stored: the list becomes this club alone. False when storage refuses it. */
function addFirst(button: HTMLButtonElement): boolean {
  const team = teamOf(button);
  try {
    window.localStorage.setItem(MY_TEAMS_KEY, JSON.stringify([team]));
  } catch {
    return false;
  }
  for (const star of document.querySelectorAll<HTMLButtonElement>(STAR))
    if (star.dataset.myTeam === button.dataset.myTeam) star.setAttribute("aria-pressed", "true");
  return true;
}

function onClick(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(STAR);
  if (!button) return;
  if (code) return code.pressStar(button);
  if (stored() === null && addFirst(button)) withCode((loaded) => loaded.syncStars());
  else withCode((loaded) => loaded.pressStar(button));
}

function onStorage(event: StorageEvent): void {
  if (event.key === MY_TEAMS_KEY || event.key === null) withCode((loaded) => loaded.syncStars());
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
