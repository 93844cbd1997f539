/**
 * The stars' work that needs the list's code (my-teams.ts): showing each club's state from a
 * stored list, and answering a press with the full rules. Loaded with that code, when the page
 * first needs it (my-team-stars.ts), not with the page.
 */
import {
  ERROR_TOAST_EVENT_NAME,
  MY_TEAMS_FULL_MESSAGE,
  readMyTeams,
  starLabel,
  toggleMyTeam,
  writeMyTeams,
  type MyTeam,
} from "./my-teams";

/** The page's stars as my-team-stars.ts finds them, and the club each stands for. */
export interface PageStars {
  all(): Iterable<HTMLButtonElement>;
  teamOf(button: HTMLElement): MyTeam;
}

/** Shows the page's stars with each club's state. */
export function syncStars(stars: PageStars): void {
  const ids = new Set(readMyTeams().map((team) => team.id));
  for (const button of stars.all()) {
    const team = stars.teamOf(button);
    button.setAttribute("aria-pressed", String(ids.has(team.id)));
    button.setAttribute("aria-label", starLabel(team.name));
    button.hidden = false;
  }
}

/** A press of a star: its club joins or leaves the list, or the reader hears why not. */
export function pressStar(stars: PageStars, button: HTMLButtonElement): void {
  const result = toggleMyTeam(readMyTeams(), stars.teamOf(button));
  const message =
    result.change === "full"
      ? MY_TEAMS_FULL_MESSAGE
      : writeMyTeams(result.teams)
        ? null
        : "This browser does not let the site keep My Teams.";
  if (message) window.dispatchEvent(new CustomEvent(ERROR_TOAST_EVENT_NAME, { detail: { message } }));
  syncStars(stars);
}
