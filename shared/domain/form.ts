/**
 * Results from one team's point of view: form letters, result markers and the player page's
 * Win / Draw / Loss pill, all computed from goals (spec section 4).
 *
 * Form strings run oldest first, most recent last ('WDLWW': the last W is the latest match),
 * so a strip reads left to right like a timeline, as league sites draw it.
 */
import { parseInstant } from "./instant";

export type FormLetter = "W" | "D" | "L";
export type ResultMarker = FormLetter | "N/A";
export type ResultPill = "Win" | "Draw" | "Loss" | "N/A";

/** "team form shows at most 5 matches"; "recent form 5 matches". */
export const TEAM_FORM_LIMIT = 5;

/** Shown when a team has no form (spec section 9: "Form shows 'N/A' if missing"). */
export const FORM_NOT_AVAILABLE = "N/A";

export interface TeamResult {
  teamGoals: number | null | undefined;
  opponentGoals: number | null | undefined;
  kickoffAt: Date | string;
}

type Goals = number | null | undefined;

/** A real score half: a whole number of goals, 0 or more. */
export function isGoalCount(goals: Goals): goals is number {
  return typeof goals === "number" && Number.isInteger(goals) && goals >= 0;
}

export function formFromScore(teamGoals: number, opponentGoals: number): FormLetter {
  if (teamGoals > opponentGoals) return "W";
  return teamGoals === opponentGoals ? "D" : "L";
}

/** "a missing or null score gives N/A". */
export function resultMarker(teamGoals: Goals, opponentGoals: Goals): ResultMarker {
  return isGoalCount(teamGoals) && isGoalCount(opponentGoals) ? formFromScore(teamGoals, opponentGoals) : "N/A";
}

const PILLS: Record<ResultMarker, ResultPill> = { W: "Win", D: "Draw", L: "Loss", "N/A": "N/A" };

export function resultPill(teamGoals: Goals, opponentGoals: Goals): ResultPill {
  return PILLS[resultMarker(teamGoals, opponentGoals)];
}

/** Turns a home/away score into goals from the side of the team we are looking at. */
export function goalsFromTeamView(
  isHome: boolean,
  homeGoals: Goals,
  awayGoals: Goals,
): { teamGoals: Goals; opponentGoals: Goals } {
  return isHome
    ? { teamGoals: homeGoals, opponentGoals: awayGoals }
    : { teamGoals: awayGoals, opponentGoals: homeGoals };
}

/**
 * The team's last n results as letters, oldest first. Matches without a score or without a
 * readable kickoff are not results yet and are left out.
 */
export function formString(results: readonly TeamResult[], n: number = TEAM_FORM_LIMIT): string {
  const scored = results.flatMap((r) => {
    const kickoff = parseInstant(r.kickoffAt);
    return kickoff && isGoalCount(r.teamGoals) && isGoalCount(r.opponentGoals)
      ? [{ time: kickoff.getTime(), letter: formFromScore(r.teamGoals, r.opponentGoals) }]
      : [];
  });
  scored.sort((a, b) => a.time - b.time);
  return scored
    .slice(Math.max(0, scored.length - n))
    .map((r) => r.letter)
    .join("");
}

/**
 * The form to show: at most the last TEAM_FORM_LIMIT letters of an oldest-first string,
 * or 'N/A' when there is none.
 */
export function displayForm(form: string | null | undefined): string {
  const letters = (form ?? "").toUpperCase().replace(/[^WDL]/g, "");
  return letters === "" ? FORM_NOT_AVAILABLE : letters.slice(-TEAM_FORM_LIMIT);
}

/** The totals of a team's recent results, beside its form letters. */
export interface FormSummary {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goalsFor: number;
  goalsAgainst: number;
  /** Oldest first, or 'N/A' without results. */
  form: string;
}

/**
 * Wins, draws, losses and goals of the last n results (the ones formString spells out);
 * matches without a score are not results and count in none of the totals.
 */
export function formSummary(results: readonly TeamResult[], n: number = TEAM_FORM_LIMIT): FormSummary {
  const scored = results
    .flatMap((r) => {
      const kickoff = parseInstant(r.kickoffAt);
      return kickoff && isGoalCount(r.teamGoals) && isGoalCount(r.opponentGoals)
        ? [{ time: kickoff.getTime(), teamGoals: r.teamGoals, opponentGoals: r.opponentGoals }]
        : [];
    })
    .sort((a, b) => a.time - b.time);
  const counted = scored.slice(Math.max(0, scored.length - n));
  const letters = counted.map((r) => formFromScore(r.teamGoals, r.opponentGoals));
  return {
    played: counted.length,
    wins: letters.filter((l) => l === "W").length,
    draws: letters.filter((l) => l === "D").length,
    losses: letters.filter((l) => l === "L").length,
    goalsFor: counted.reduce((sum, r) => sum + r.teamGoals, 0),
    goalsAgainst: counted.reduce((sum, r) => sum + r.opponentGoals, 0),
    form: letters.length > 0 ? letters.join("") : FORM_NOT_AVAILABLE,
  };
}
