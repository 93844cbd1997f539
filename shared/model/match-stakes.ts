/**
 * What an upcoming match means: for each of its clubs, the chances of the title, of a Champions
 * League place and of relegation today and in the outlook's simulated seasons where the match
 * ended in a win, a draw or a defeat for that club (MatchStakes, season-outlook.ts), stored per
 * match by the season-outlook job (match_stakes) and told on the match page in a sentence or two:
 * "A win lifts Arsenal's title chance from 61% to 70%; a defeat drops it to 48%."
 *
 * The chances under each result come from the same simulated seasons as the outlook, grouped by
 * the match's result in each (not from seasons re-run with the result fixed): they carry the
 * outlook's rating uncertainty, and a result that few seasons had (an away win for a big
 * underdog) is measured on fewer seasons. Pure.
 */
import { z } from "zod";
import type { MatchStakes, ResultChances, SeasonOutlook } from "./season-outlook";

export const MATCH_STAKES_VERSION = 1;

/** A match is one of the week's most important when its importance is at least this (10 points of swing). */
export const BIG_MATCH_IMPORTANCE = 0.1;
/** Below this change (2 points) a result does not move a chance enough to tell. */
const NOTABLE_SWING = 0.02;

const round = (x: number) => Number(x.toFixed(4));
const chance = z.number().min(0).max(1);
const resultChances = z.object({ win: chance.nullable(), draw: chance.nullable(), loss: chance.nullable() });
const clubSchema = z.object({
  teamId: z.number().int(),
  now: z.object({ title: chance, championsLeague: chance, relegation: chance }),
  title: resultChances,
  championsLeague: resultChances,
  relegation: resultChances,
  swing: chance,
});
const payloadSchema = z.object({
  version: z.literal(MATCH_STAKES_VERSION),
  /** The simulated seasons the chances come from. */
  seasons: z.number().int().positive(),
  results: z.object({ home: chance, draw: chance, away: chance }),
  home: clubSchema,
  away: clubSchema,
  importance: z.number().min(0).max(2),
});

export type MatchStakesPayload = z.infer<typeof payloadSchema>;
export type ClubStakes = z.infer<typeof clubSchema>;
export type StakesOutcome = "title" | "championsLeague" | "relegation";

const roundChances = (c: ResultChances) => ({
  win: c.win === null ? null : round(c.win),
  draw: c.draw === null ? null : round(c.draw),
  loss: c.loss === null ? null : round(c.loss),
});

/** The stored form of one fixture's stakes: chances to 4 decimals, with each club's chances today. */
export function matchStakesPayload(stakes: MatchStakes, outlook: SeasonOutlook): MatchStakesPayload {
  const club = (side: "home" | "away"): ClubStakes => {
    const s = stakes[side];
    const today = outlook.teams.find((t) => t.teamId === s.teamId);
    return {
      teamId: s.teamId,
      now: {
        title: round(today?.title ?? 0),
        championsLeague: round(today?.championsLeague ?? 0),
        relegation: round(today?.relegation ?? 0),
      },
      title: roundChances(s.title),
      championsLeague: roundChances(s.championsLeague),
      relegation: roundChances(s.relegation),
      swing: round(s.swing),
    };
  };
  return {
    version: MATCH_STAKES_VERSION,
    seasons: outlook.seasons,
    results: { home: round(stakes.results.home), draw: round(stakes.results.draw), away: round(stakes.results.away) },
    home: club("home"),
    away: club("away"),
    importance: round(stakes.importance),
  };
}

/** A stored payload of this version, or null. */
export function parseMatchStakesPayload(value: unknown): MatchStakesPayload | null {
  const parsed = payloadSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** '61%', '<1%' for a chance that is not nil, '>99%' for one short of certain. */
export function stakesPercent(p: number): string {
  if (p > 0 && p < 0.005) return "<1%";
  if (p < 1 && p > 0.995) return ">99%";
  return `${Math.round(p * 100)}%`;
}

const LABELS: Record<StakesOutcome, string> = {
  title: "title chance",
  championsLeague: "chance of a Champions League place",
  relegation: "relegation risk",
};

/** The outcome whose chance a win rather than a defeat changes most, if by a notable amount. */
export function biggestStake(club: ClubStakes): StakesOutcome | null {
  let best: StakesOutcome | null = null;
  let bestSwing = NOTABLE_SWING;
  for (const outcome of ["title", "championsLeague", "relegation"] as const) {
    const { win, loss } = club[outcome];
    if (win === null || loss === null) continue;
    const swing = Math.abs(win - loss);
    if (swing >= bestSwing) {
      best = outcome;
      bestSwing = swing;
    }
  }
  return best;
}

function move(from: number, to: number, outcome: StakesOutcome): string {
  if (stakesPercent(from) === stakesPercent(to)) return `leaves it at ${stakesPercent(to)}`;
  const up = to > from;
  const verb = outcome === "relegation" ? (up ? "raises" : "cuts") : up ? "lifts" : "drops";
  return `${verb} it to ${stakesPercent(to)}`;
}

/**
 * One sentence per club with a notable stake: "A win lifts Arsenal's title chance from 61% to
 * 70%; a defeat drops it to 48%." A result no simulated season had is left out of its sentence.
 */
export function stakesSentence(club: ClubStakes, name: string): string | null {
  const outcome = biggestStake(club);
  if (!outcome) return null;
  const now = club.now[outcome];
  const { win, loss } = club[outcome];
  const subject = `${name}'s ${LABELS[outcome]}`;
  const parts: string[] = [];
  if (win !== null) {
    const verb = move(now, win, outcome);
    parts.push(
      verb.startsWith("leaves")
        ? `A win leaves ${subject} at ${stakesPercent(win)}`
        : `A win ${verb.split(" ")[0]} ${subject} from ${stakesPercent(now)} to ${stakesPercent(win)}`,
    );
  }
  if (loss !== null)
    parts.push(`${parts.length === 0 ? `For ${subject}, a defeat` : "a defeat"} ${move(now, loss, outcome)}`);
  return `${parts.join("; ")}.`;
}

/** When neither club has a notable stake. */
export const LITTLE_AT_STAKE_TEXT =
  "Little rides on this match for either club's title, Champions League or relegation chances.";

/** What the match page shows of a match's stakes. */
export interface MatchStakesView {
  importance: number;
  /** One of the matches that decide most (importance at least BIG_MATCH_IMPORTANCE). */
  bigMatch: boolean;
  /** One sentence per club with a notable stake, or LITTLE_AT_STAKE_TEXT alone. */
  sentences: string[];
  /** Each club's biggest stake: its chance today and after each result. */
  clubs: Array<{
    teamId: number;
    name: string;
    outcome: StakesOutcome;
    label: string;
    now: number;
    win: number | null;
    draw: number | null;
    loss: number | null;
  }>;
}

/** The view of a stored payload, with the clubs' names; null for no (or an unreadable) payload. */
export function matchStakesView(value: unknown, names: { home: string; away: string }): MatchStakesView | null {
  const payload = parseMatchStakesPayload(value);
  if (!payload) return null;
  const clubs = (["home", "away"] as const).flatMap((side) => {
    const club = payload[side];
    const outcome = biggestStake(club);
    if (!outcome) return [];
    return [
      {
        teamId: club.teamId,
        name: names[side],
        outcome,
        label: STAKE_LABELS[outcome],
        now: club.now[outcome],
        ...club[outcome],
      },
    ];
  });
  const sentences = (["home", "away"] as const).flatMap((side) => stakesSentence(payload[side], names[side]) ?? []);
  return {
    importance: payload.importance,
    bigMatch: payload.importance >= BIG_MATCH_IMPORTANCE,
    sentences: sentences.length > 0 ? sentences : [LITTLE_AT_STAKE_TEXT],
    clubs,
  };
}

/** Table labels of the outcomes. */
export const STAKE_LABELS: Record<StakesOutcome, string> = {
  title: "Title",
  championsLeague: "Champions League places",
  relegation: "Relegation",
};

/** At most this many of a week's matches are marked as big. */
export const BIG_MATCHES_PER_WEEK = 3;

/**
 * The week's most important matches among `matches`: those with an importance of at least
 * BIG_MATCH_IMPORTANCE, the BIG_MATCHES_PER_WEEK highest (ties by id, so every page agrees).
 */
export function bigMatchIds(matches: ReadonlyArray<{ id: number; importance: number | null }>): Set<number> {
  return new Set(
    matches
      .filter(
        (m): m is { id: number; importance: number } => m.importance !== null && m.importance >= BIG_MATCH_IMPORTANCE,
      )
      .sort((a, b) => b.importance - a.importance || a.id - b.id)
      .slice(0, BIG_MATCHES_PER_WEEK)
      .map((m) => m.id),
  );
}

export const BIG_MATCH_TEXT = "Big match";
export const BIG_MATCH_DETAIL =
  "one of the week's matches that decide most for the title, the Champions League places or relegation";
