/**
 * How player figures read on player pages, squad pages and leaderboards (spec sections 2, 4, 5
 * and 9): positions, per-match rates, the season summary, recent-form lines, and finding a
 * player by the name part of a URL slug.
 */
import { goalsFromTeamView, resultPill, type ResultPill } from "./form";
import {
  formatDateShort,
  formatPercent,
  formatPlayerRating,
  gamesPlayed,
  isHighRating,
  roundTo,
  shotsOnTargetPerGame,
} from "./format";
import { slugify } from "./slug";

export const POSITION_GROUPS = ["Goalkeeper", "Defender", "Midfielder", "Attacker", "Unknown"] as const;
export type PositionGroup = (typeof POSITION_GROUPS)[number];

/** Season figures name the position in full; match sheets give one letter. */
const POSITION_LETTERS: Readonly<Record<string, PositionGroup>> = {
  G: "Goalkeeper",
  D: "Defender",
  M: "Midfielder",
  F: "Attacker",
};

/** 'Goalkeeper', 'G' or anything else the provider sends, as one of the four positions, or 'Unknown' (spec 3). */
export function positionGroup(position: string | null | undefined): PositionGroup {
  const value = position?.trim() ?? "";
  const full = POSITION_GROUPS.find((group) => group !== "Unknown" && group.toLowerCase() === value.toLowerCase());
  return full ?? POSITION_LETTERS[value.toUpperCase()] ?? "Unknown";
}

/** Squad page section headings, in squad order. */
export const POSITION_GROUP_HEADINGS: Readonly<Record<PositionGroup, string>> = {
  Goalkeeper: "Goalkeepers",
  Defender: "Defenders",
  Midfielder: "Midfielders",
  Attacker: "Attackers",
  Unknown: "Position Unknown",
};

export const LEADERBOARD_KINDS = ["top-scorers", "top-assists", "top-rated"] as const;
export type LeaderboardKind = (typeof LEADERBOARD_KINDS)[number];

export const LEADERBOARD_TITLES: Readonly<Record<LeaderboardKind, string>> = {
  "top-scorers": "Top Scorers",
  "top-assists": "Top Assists",
  "top-rated": "Top Rated",
};

export function isLeaderboardKind(value: unknown): value is LeaderboardKind {
  return typeof value === "string" && (LEADERBOARD_KINDS as readonly string[]).includes(value);
}

/**
 * Spec 9 "per-match rates: goals, assists": the total over games played (appearances, else
 * max(1, ceil(minutes/90))), 2 decimals.
 */
export function perMatchRate(
  total: number,
  appearances: number | null | undefined,
  minutes: number | null | undefined,
): string {
  return roundTo(total / gamesPlayed(appearances, minutes), 2).toFixed(2);
}

/** A player's age on a day: from the birth date when known, else the age the provider reported. */
export function ageOn(
  birthDate: string | null | undefined,
  reportedAge: number | null | undefined,
  today: Date,
): number | null {
  const born = birthDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate) : null;
  if (!born) return typeof reportedAge === "number" && reportedAge > 0 ? reportedAge : null;
  const [year, month, day] = [Number(born[1]), Number(born[2]), Number(born[3])];
  const hadBirthday =
    today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  return today.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
}

/** "'position – team'" with an en dash; the position alone reads 'Unknown' when the data has none. */
export function positionAndTeam(position: string, team: string): string {
  return `${position} – ${team}`;
}

/**
 * "'nationality • Age N • Right Footed'": the spec fixes the footedness text for every player,
 * but the data has no footedness, so that part is left out rather than shown as a fact; a
 * missing nationality or age is left out too. Null when nothing is known.
 */
export function nationalityAndAge(
  nationality: string | null | undefined,
  age: number | null | undefined,
): string | null {
  const parts = [nationality?.trim() || null, typeof age === "number" ? `Age ${age}` : null].filter(
    (part): part is string => part !== null,
  );
  return parts.length > 0 ? parts.join(" • ") : null;
}

export interface SeasonFigures {
  appearances: number;
  lineups: number;
  minutes: number;
  goals: number;
  assists: number;
  shotsOn: number;
  passesKey: number;
  /** Null when the provider has none: then the figure is not shown. */
  passesAccuracy: number | null;
  dribblesSuccess: number;
  dribblesAttempts: number;
  rating: number | string | null;
}

export interface SummaryFigure {
  label: string;
  value: string;
  detail?: string;
}

const wholeNumber = new Intl.NumberFormat("en-US");

/** The 'Season Stats Summary' figures in the spec's order; pass accuracy only if present. */
export function seasonSummary(figures: SeasonFigures): SummaryFigure[] {
  const summary: SummaryFigure[] = [
    {
      label: "Appearances",
      value: String(figures.appearances),
      detail: `${figures.lineups} ${figures.lineups === 1 ? "start" : "starts"}`,
    },
    { label: "Minutes", value: wholeNumber.format(figures.minutes) },
    { label: "Goals", value: String(figures.goals) },
    { label: "Assists", value: String(figures.assists) },
    { label: "Shots on Target per Game", value: shotsOnTargetPerGame(figures.shotsOn, figures.appearances) },
    { label: "Key Passes", value: String(figures.passesKey) },
    { label: "Avg Rating", value: formatPlayerRating(figures.rating) },
  ];
  if (figures.passesAccuracy !== null)
    summary.push({ label: "Pass Accuracy", value: formatPercent(figures.passesAccuracy) });
  summary.push({
    label: "Dribbles",
    value: `${figures.dribblesSuccess}/${figures.dribblesAttempts}`,
    detail: "success/attempts",
  });
  return summary;
}

export interface PlayerMatchLine {
  kickoffAt: Date | string;
  /** Whether the player's team was the home side. */
  isHome: boolean;
  opponent: string;
  homeGoals: number | null;
  awayGoals: number | null;
  minutes: number;
  rating: number | string | null;
  goals: number;
  assists: number;
  shotsOn: number;
}

export interface RecentFormLine {
  /** Short month and day, 'Feb 7'. */
  date: string;
  /** 'vs' at home, '@' away. */
  venue: "vs" | "@";
  opponent: string;
  /** From the player's team's side, 'team-opponent'; '–' without a score. */
  score: string;
  result: ResultPill;
  minutes: number;
  rating: string;
  goals: number;
  assists: number;
  shotsOn: number;
  /** 'Goal' / 'N Goals', 'Assist' / 'N Assists', 'High Rating' (8.0 or more). */
  badges: string[];
}

function countBadge(count: number, word: string): string | null {
  if (count <= 0) return null;
  return count === 1 ? word : `${count} ${word}s`;
}

export const HIGH_RATING_BADGE = "High Rating";

export function recentFormLine(line: PlayerMatchLine): RecentFormLine {
  const { teamGoals, opponentGoals } = goalsFromTeamView(line.isHome, line.homeGoals, line.awayGoals);
  const scored = typeof teamGoals === "number" && typeof opponentGoals === "number";
  return {
    date: formatDateShort(line.kickoffAt),
    venue: line.isHome ? "vs" : "@",
    opponent: line.opponent,
    score: scored ? `${teamGoals}-${opponentGoals}` : "–",
    result: resultPill(teamGoals, opponentGoals),
    minutes: line.minutes,
    rating: formatPlayerRating(line.rating),
    goals: line.goals,
    assists: line.assists,
    shotsOn: line.shotsOn,
    badges: [
      countBadge(line.goals, "Goal"),
      countBadge(line.assists, "Assist"),
      isHighRating(line.rating) ? HIGH_RATING_BADGE : null,
    ].filter((badge): badge is string => badge !== null),
  };
}

export interface PlayerNames {
  name: string;
  firstname?: string | null;
  lastname?: string | null;
}

/**
 * The slugs a person may write for a player: the name he is listed under ('e-haaland'), his
 * full name ('erling-braut-haaland'), first and last word of it ('erling-haaland'), and his
 * last name ('haaland').
 */
export function nameSlugsOf(player: PlayerNames): Set<string> {
  const first = player.firstname?.trim() ?? "";
  const last = player.lastname?.trim() ?? "";
  const candidates = [player.name, `${first} ${last}`, last];
  if (first && last) candidates.push(`${first.split(/\s+/)[0]} ${last.split(/\s+/).at(-1)}`);
  return new Set(candidates.map(slugify).filter((slug) => slug !== ""));
}

/** The players whose names a slug (without an id) names; the caller accepts exactly one. */
export function playersNamedBy<T extends PlayerNames>(slug: string, players: readonly T[]): T[] {
  const wanted = slugify(slug);
  return wanted === "" ? [] : players.filter((player) => nameSlugsOf(player).has(wanted));
}
