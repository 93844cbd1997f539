/**
 * The read model of /picks: the Sunday cross-league parlay from the content source and the
 * week's ranked picks across the five leagues (the league pages' ranking, merged).
 */
import { sundayParlayLegs, type SundayParlayLeg } from "../../shared/content/editorial";
import { ordinal } from "../../shared/domain/format";
import { LEAGUE_KEYS } from "../../shared/domain/leagues";
import type { AppContext } from "./load-context";
import { byPickConfidence, listWeekMatches, type MatchCard } from "./matches.server";

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

export interface SundayParlayView {
  title: string;
  lastUpdated: string;
  legs: SundayParlayLeg[];
}

/** The editors' Sunday 5-team parlay (drafts in preview), or null when there is none. */
export async function getSundayParlayView(context: Pick<AppContext, "content">, preview: boolean): Promise<SundayParlayView | null> {
  const parlay = await context.content.getSundayParlay({ preview });
  if (!parlay) return null;
  return { title: parlay.title, lastUpdated: formatParlayDate(parlay.lastUpdated), legs: sundayParlayLegs(parlay) };
}

/** This week's matches of every league, ranked by the confidence of their effective pick; the first ten. */
export async function getTopPicks(context: ReadContext, preview: boolean, limit = TOP_PICKS_LIMIT): Promise<MatchCard[]> {
  const byLeague = await listWeekMatches(context, LEAGUE_KEYS, preview);
  const perLeague = LEAGUE_KEYS.map((league) => byLeague.get(league) ?? []);
  return perLeague.flat().sort(byPickConfidence).slice(0, limit);
}
