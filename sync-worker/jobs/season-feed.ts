/**
 * Reading one league season from the configured providers and writing it. Jobs read before they
 * open their transaction (a slow provider must not hold the database, which on PGlite is the web
 * process's one connection) and write inside it, so a season is stored whole or not at all.
 */
import type { DataKind } from "@shared/config/data-sources";
import type { LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import type { ProviderFixture } from "../providers/types";
import { fingerprintOf, rememberFingerprint, seasonDataState, storedFingerprint } from "../store/fingerprints";
import {
  fixtureKey,
  lockMatchRows,
  seasonFixtureIds,
  seasonIsEmpty,
  upsertFixtures,
  upsertOdds,
} from "../store/fixtures";
import { refreshLeagueSchedules } from "../store/league-schedules";
import { updateSeasonDates } from "../store/reference";
import { countFeed } from "./feeds";
import { throwIfAborted, type JobContext, type JobDb, type JobResult } from "./types";

export interface SeasonData {
  league: LeagueKey;
  season: string;
  fixtures: ProviderFixture[];
  /** Prices from the odds provider when it is not the fixtures provider; null when they come with the fixtures or not at all. */
  separateOdds: ProviderFixture[] | null;
  oddsWithFixtures: boolean;
}

/** Reads a season from the provider of `kind` (history or fixtures) and, when another one feeds odds, from that one too. */
export async function readSeason(
  ctx: JobContext,
  kind: Extract<DataKind, "history" | "fixtures">,
  league: LeagueKey,
  season: string,
  result: JobResult,
): Promise<SeasonData> {
  const provider = ctx.providers.for(kind);
  if (!provider) throw new Error(`no provider feeds ${kind}`);
  const oddsProvider = ctx.providers.for("odds");
  const feed = await provider.seasonFixtures({ league, season, signal: ctx.signal });
  countFeed(result, feed, ctx.log);
  let separateOdds: ProviderFixture[] | null = null;
  if (oddsProvider && oddsProvider !== provider) {
    const oddsFeed = await oddsProvider.seasonFixtures({ league, season, signal: ctx.signal });
    countFeed(result, oddsFeed, ctx.log);
    separateOdds = oddsFeed.items;
  }
  return { league, season, fixtures: feed.items, separateOdds, oddsWithFixtures: oddsProvider === provider };
}

/** Reads the current season of every configured league from the fixtures provider. */
export async function readCurrentSeasons(ctx: JobContext, now: Date, result: JobResult): Promise<SeasonData[]> {
  const season = seasonCodeFor(now);
  const seasons: SeasonData[] = [];
  for (const league of ctx.settings.leagues) {
    throwIfAborted(ctx.signal);
    seasons.push(await readSeason(ctx, "fixtures", league, season, result));
  }
  throwIfAborted(ctx.signal);
  return seasons;
}

/**
 * Writes what readSeason read, keeping only the fixtures `keep` accepts; returns the rows changed.
 * `feed` names what is written (e.g. 'results'): when the same feed wrote exactly these records
 * last time, nothing is written, unless `force`. Either way the season's stored schedule
 * (store/league-schedules.ts) is brought up to date with its fixtures, in the same transaction.
 */
export async function writeSeason(
  db: JobDb,
  data: SeasonData,
  now: Date,
  feed: string,
  options: { keep?: (fixture: ProviderFixture) => boolean; force?: boolean } = {},
): Promise<number> {
  const keep = options.keep ?? (() => true);
  await lockMatchRows(db);
  const fixtures = data.fixtures.filter(keep);
  const priced = data.oddsWithFixtures ? fixtures : (data.separateOdds?.filter(keep) ?? []);
  const key = `${feed}:${data.league}:${data.season}`;
  const feedHash = fingerprintOf([fixtures, data.oddsWithFixtures ? null : priced.map((f) => [fixtureKey(f), f.odds])]);
  const stored = options.force ? null : await storedFingerprint(db, key);
  const schedule = { league: data.league, season: data.season };
  if (stored !== null && stored === `${feedHash}@${await seasonDataState(db, data.league, data.season)}`) {
    return refreshLeagueSchedules(db, [schedule]);
  }

  // A season imported for the first time (no match stored) is inserted, not upserted.
  const insertOnly = await seasonIsEmpty(db, data.league, data.season);
  let written = await upsertFixtures(db, fixtures, now, { insertOnly });
  if (priced.length > 0) {
    const ids = await seasonFixtureIds(db, data.league, data.season);
    written += await upsertOdds(
      db,
      priced.flatMap((f) => {
        const id = ids.get(fixtureKey(f));
        return id === undefined || f.odds.length === 0 ? [] : [{ fixtureId: id, odds: f.odds }];
      }),
      { insertOnly },
    );
  }
  if (fixtures.length > 0) written += await updateSeasonDates(db, data.league, data.season);
  await rememberFingerprint(db, key, `${feedHash}@${await seasonDataState(db, data.league, data.season)}`);
  return written + (await refreshLeagueSchedules(db, [schedule]));
}
