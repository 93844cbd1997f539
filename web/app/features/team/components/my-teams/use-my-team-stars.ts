/**
 * The My Teams stars of a page: `button[data-my-team]` elements, in server markup (the team
 * page's header) or rendered by React (team lists). They are sent hidden, the same for every
 * visitor; after hydration this hook shows them with each club's state from localStorage and
 * handles their presses (one listener on the document, so server markup needs no handlers). The
 * state follows changes made in other tabs.
 */
import { useEffect } from "react";
import {
  ERROR_TOAST_EVENT_NAME,
  MY_TEAMS_FULL_MESSAGE,
  MY_TEAMS_KEY,
  readMyTeams,
  starLabel,
  toggleMyTeam,
  writeMyTeams,
  type MyTeam,
} from "./my-teams";

const STAR = "button[data-my-team]";

function teamOf(button: HTMLElement): MyTeam {
  return { id: Number(button.dataset.myTeam), name: button.dataset.teamName ?? "", url: button.dataset.teamUrl ?? "" };
}

function syncStars(): void {
  const ids = new Set(readMyTeams().map((team) => team.id));
  for (const button of document.querySelectorAll<HTMLButtonElement>(STAR)) {
    const team = teamOf(button);
    button.setAttribute("aria-pressed", String(ids.has(team.id)));
    button.setAttribute("aria-label", starLabel(team.name));
    button.hidden = false;
  }
}

const showError = (message: string) =>
  window.dispatchEvent(new CustomEvent(ERROR_TOAST_EVENT_NAME, { detail: { message } }));

function onClick(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(STAR);
  if (!button) return;
  const result = toggleMyTeam(readMyTeams(), teamOf(button));
  if (result.change === "full") showError(MY_TEAMS_FULL_MESSAGE);
  else if (!writeMyTeams(result.teams)) showError("This browser does not let the site keep My Teams.");
  syncStars();
}

function onStorage(event: StorageEvent): void {
  if (event.key === MY_TEAMS_KEY || event.key === null) syncStars();
}

/** Runs the page's stars; `markup` is whatever changes when the page's content is replaced. */
export function useMyTeamStars(markup: unknown): void {
  useEffect(() => {
    syncStars();
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
