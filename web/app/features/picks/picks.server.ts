/**
 * The read model of /picks: the Sunday cross-league parlay from the content source, each leg
 * settled once its match is over, and the week's ranked picks across the five leagues (the
 * league pages' ranking, merged).
 */
import { and, eq, or } from "drizzle-orm";
import { sundayParlayLegs, type SundayParlayLeg } from "@shared/content/editorial";
import type { SundayParlay } from "@shared/content/documents";
import { fixtures } from "@shared/db/schema";
import { ordinal } from "@shared/domain/format";
import { LEAGUE_KEYS } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import {
  formatScore,
  settlePick,
  type MatchState,
  type MatchTeams,
  type PickOutcome,
  type Score,
} from "@shared/domain/picks";
import { getTeamBySlug, pickNamesOf } from "@shared/domain/teams/registry";
import type { AppContext } from "~/load-context";
import { byPickConfidence, type MatchCard } from "../match/match-card.server";
import { listWeekMatches } from "../match/match-lists.server";

type ReadContext = Pick<AppContext, "db" | "clock" | "content">;

export const TOP_PICKS_LIMIT = 10;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2025-10-05" → "October 5th, 2025", the spec's way of dating the Sunday parlay. */
export function formatParlayDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  return `${MONTHS[Number(month) - 1]} ${ordinal(Number(day))}, ${year}`;
}

/** How a leg ended: its match's final score and the editors' selection judged against it. */
export interface SundayParlayLegResult {
  finalScore: string;
  outcome: PickOutcome;
}

export interface SundayParlayLegView extends SundayParlayLeg {
  /** Null until the leg's match is over (or while the data does not have the match). */
  result: SundayParlayLegResult | null;
}

export interface SundayParlayView {
  title: string;
  lastUpdated: string;
  legs: SundayParlayLegView[];
}

/** The state and score of a leg's match, as the fixture table has them. */
interface LegMatch {
  state: MatchState;
  score: Score | null;
}

/**
 * Settles one leg the way every pick is settled (settlePick): the editors' selection against
 * the final score, once the match is post-match. The team names should include the registry's
 * aliases (pickNamesOf), so that 'Barcelona to Win' backs FC Barcelona.
 */
function settleSundayParlayLeg(
  selection: string,
  teams: MatchTeams,
  match: LegMatch | null,
): SundayParlayLegResult | null {
  if (!match || match.state !== "post-match" || !match.score) return null;
  return { finalScore: formatScore(match.score), outcome: settlePick(selection, match.score, teams) };
}

const pairingKey = (league: string, homeId: number, awayId: number) => `${league}|${homeId}|${awayId}`;

/**
 * The matches of the parlay's legs: each pairing's fixture in the season of the parlay's date
 * (a league season has each pairing once), in one statement.
 */
async function legMatches({ db }: Pick<AppContext, "db">, parlay: SundayParlay): Promise<Map<string, LegMatch>> {
  const pairings = parlay.legs.flatMap((leg) => {
    const home = getTeamBySlug(leg.homeTeam);
    const away = getTeamBySlug(leg.awayTeam);
    return home && away ? [{ league: leg.league, homeId: home.id, awayId: away.id }] : [];
  });
  if (pairings.length === 0) return new Map();
  const rows = await db.db
    .select({
      league: fixtures.league,
      homeTeamId: fixtures.homeTeamId,
      awayTeamId: fixtures.awayTeamId,
      state: fixtures.matchState,
      homeScore: fixtures.homeScore,
      awayScore: fixtures.awayScore,
    })
    .from(fixtures)
    .where(
      and(
        eq(fixtures.season, seasonCodeFor(parlay.lastUpdated)),
        or(
          ...pairings.map((p) =>
            and(eq(fixtures.league, p.league), eq(fixtures.homeTeamId, p.homeId), eq(fixtures.awayTeamId, p.awayId)),
          ),
        ),
      ),
    );
  return new Map(
    rows.map((row) => [
      pairingKey(row.league, row.homeTeamId, row.awayTeamId),
      {
        state: row.state,
        score: row.homeScore !== null && row.awayScore !== null ? { home: row.homeScore, away: row.awayScore } : null,
      },
    ]),
  );
}

/**
 * The editors' Sunday 5-team parlay (drafts in preview), or null when there is none. Each leg
 * shows HIT or MISS after its match: the selection is the editors', so it can differ from the
 * algorithm's pick the match page shows, and only the final score judges it.
 */
export async function getSundayParlayView(
  context: Pick<AppContext, "content" | "db">,
  preview: boolean,
): Promise<SundayParlayView | null> {
  const parlay = await context.content.getSundayParlay({ preview });
  if (!parlay) return null;
  const matches = await legMatches(context, parlay);
  const legs = sundayParlayLegs(parlay).map((leg, index): SundayParlayLegView => {
    const { league, homeTeam, awayTeam } = parlay.legs[index];
    const home = getTeamBySlug(homeTeam);
    const away = getTeamBySlug(awayTeam);
    if (!home || !away) return { ...leg, result: null };
    const teams = { homeTeam: pickNamesOf(home), awayTeam: pickNamesOf(away) };
    const match = matches.get(pairingKey(league, home.id, away.id)) ?? null;
    return { ...leg, result: settleSundayParlayLeg(leg.selection, teams, match) };
  });
  return { title: parlay.title, lastUpdated: formatParlayDate(parlay.lastUpdated), legs };
}

/** This week's matches of every league, ranked by the confidence of their effective pick; the first ten. */
export async function getTopPicks(
  context: ReadContext,
  preview: boolean,
  limit = TOP_PICKS_LIMIT,
): Promise<MatchCard[]> {
  const byLeague = await listWeekMatches(context, LEAGUE_KEYS, preview);
  const perLeague = LEAGUE_KEYS.map((league) => byLeague.get(league) ?? []);
  return perLeague.flat().sort(byPickConfidence).slice(0, limit);
}
