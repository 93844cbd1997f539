/**
 * Finding one match: by id (its detail, its summary, its best pick), by its natural key, and by
 * the two team slugs of its canonical URL.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { fixtures } from "@shared/db/schema";
import type { LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import type { AppContext } from "~/load-context";
import { cardOf, pickInputs } from "./match-card.server";
import { detailOf, summaryOf, type MatchDetail, type MatchSummary } from "./match-detail.server";
import { preparedQuery } from "@shared/db/prepared-queries";
import {
  awayTeams,
  homeTeams,
  hrefOf,
  selectFixtures,
  selectFixturesOf,
  type FixtureRow,
  type ReadContext,
} from "./match-rows.server";
import { pairingFixture } from "./team-pairing.server";

/**
 * The part of a match record the embedded view shows (header, picks, probabilities), without
 * the long sections' reads: three statements instead of ten.
 */
export async function getMatchSummaryById(
  context: ReadContext,
  id: number,
  preview: boolean,
): Promise<MatchSummary | null> {
  const row = await getFixtureById(context, id);
  if (!row) return null;
  const inputs = await pickInputs(context, [row], preview);
  return summaryOf(context, row, inputs);
}

/** A match's best pick as its page shows it, without the rest of the page. */
export interface MatchPick {
  bestPick: string;
  confidence: number;
  confidenceLabel: string;
  isLocked: boolean;
}

/**
 * The best pick of one match, through the same resolution as its page (editorial, algorithm,
 * locked ledger row, final score); null for an unknown id.
 */
export async function getMatchPick(context: ReadContext, id: number, preview: boolean): Promise<MatchPick | null> {
  const row = await getFixtureById(context, id);
  if (!row) return null;
  const { resolution } = cardOf(row, await pickInputs(context, [row], preview)).card;
  return {
    bestPick: resolution.bestPick,
    confidence: resolution.confidence,
    confidenceLabel: resolution.confidenceLabel,
    isLocked: resolution.isLocked,
  };
}

export async function getMatchById(context: ReadContext, id: number, preview: boolean): Promise<MatchDetail | null> {
  const row = await getFixtureById(context, id);
  return row ? detailOf(context, row, preview) : null;
}

/** One fixture row by id, as the lookups above read it first (and a loader that reads more of the match beside its detail). */
export async function getFixtureById(context: Pick<ReadContext, "db">, id: number): Promise<FixtureRow | null> {
  const [row] = await selectFixtures(context).where(eq(fixtures.id, id)).limit(1);
  return row ?? null;
}

/** One fixture by its natural key (league, season, home and away team slugs), as the match page reads it. */
export async function getMatchByFixtureKey(
  context: ReadContext,
  key: { league: LeagueKey; season: string; homeTeam: string; awayTeam: string },
  preview: boolean,
): Promise<MatchDetail | null> {
  const [row] = await selectFixtures(context)
    .where(
      and(
        eq(fixtures.league, key.league),
        eq(fixtures.season, key.season),
        eq(homeTeams.slug, key.homeTeam),
        eq(awayTeams.slug, key.awayTeam),
      ),
    )
    .limit(1);
  return row ? detailOf(context, row, preview) : null;
}

/**
 * The match a canonical URL names: the pairing's fixture in the clock's season, else its most
 * recent one. Slugs that are not registry teams of the pairing find nothing.
 */
export async function getMatchBySlugs(
  context: ReadContext,
  league: LeagueKey,
  homeSlug: string,
  awaySlug: string,
  preview: boolean,
): Promise<MatchDetail | null> {
  const [row] = await pairingFixture(context, league, and(eq(homeTeams.slug, homeSlug), eq(awayTeams.slug, awaySlug)));
  return row ? detailOf(context, row, preview) : null;
}

/**
 * The match two team slugs name, whichever league it is in: the pairing's fixture in `league`
 * (the league the URL names) if it has one, else in any league; in the clock's season first,
 * else the most recent. A URL with the wrong league, or /match/ with none, still finds it.
 */
export async function findMatchBySlugs(
  context: ReadContext,
  league: LeagueKey,
  homeSlug: string,
  awaySlug: string,
  preview: boolean,
): Promise<MatchDetail | null> {
  const row = await findFixtureBySlugs(context, league, homeSlug, awaySlug);
  return row ? detailOf(context, row, preview) : null;
}

/** The fixture row findMatchBySlugs reads first: for a loader that reads more of the match beside its detail. */
export async function findFixtureBySlugs(
  context: Pick<AppContext, "db" | "clock">,
  league: LeagueKey,
  homeSlug: string,
  awaySlug: string,
): Promise<FixtureRow | null> {
  const [row] = await slugPairingFixture(context, league, homeSlug, awaySlug);
  return row ?? null;
}

/** The canonical URL of the match findMatchBySlugs finds, without reading the match itself. */
export async function findMatchUrlBySlugs(
  context: Pick<AppContext, "db" | "clock">,
  league: LeagueKey,
  homeSlug: string,
  awaySlug: string,
): Promise<string | null> {
  const row = await findFixtureBySlugs(context, league, homeSlug, awaySlug);
  return row ? hrefOf(row) : null;
}

function slugPairingFixture(
  context: Pick<AppContext, "db" | "clock">,
  league: LeagueKey,
  homeSlug: string,
  awaySlug: string,
) {
  const season = seasonCodeFor(context.clock.now());
  return preparedQuery(context.db.db, "match:slug-pairing", (db) =>
    selectFixturesOf(db)
      .where(and(eq(homeTeams.slug, sql.placeholder("homeSlug")), eq(awayTeams.slug, sql.placeholder("awaySlug"))))
      .orderBy(
        sql`${fixtures.league} = ${sql.placeholder("league")} desc`,
        sql`${fixtures.season} = ${sql.placeholder("season")} desc`,
        desc(fixtures.kickoffAt),
      )
      .limit(1),
  ).execute({ homeSlug, awaySlug, league, season });
}
