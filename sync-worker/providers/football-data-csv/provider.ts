/**
 * The key-less football-data.co.uk provider: season files for history, fixtures, results,
 * statistics and odds, `fixtures.csv` for matches not in a season file yet, and, in a replay,
 * live states replayed from the results it already has (as-of.ts).
 */
import type { Clock } from "@shared/config/clock";
import type { DataKind } from "@shared/config/data-sources";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import type { Logger } from "../../log";
import type { Feed, FixtureRef, MatchDataProvider, ProviderFixture } from "../types";
import { fixtureAsOf } from "./as-of";
import { parseFootballDataCsv, type FileScope, type FootballDataMatch, type ParsedFootballDataFile } from "./parse";
import type { FootballDataSource } from "./source";

export interface FootballDataCsvProviderOptions {
  source: FootballDataSource;
  clock: Clock;
  log: Logger;
  /** How long live ticks reuse a parsed season file instead of reading it again. */
  liveCacheMs?: number;
}

const DEFAULT_LIVE_CACHE_MS = 5 * 60_000;
const FIXTURES_FILE = "../fixtures.csv";

export function seasonFilePath(league: LeagueKey, season: string): string {
  return `${season}/${LEAGUES[league].footballDataCode}.csv`;
}

export function footballDataCsvProvider(options: FootballDataCsvProviderOptions): MatchDataProvider {
  const { source, clock, log } = options;
  const liveCacheMs = options.liveCacheMs ?? DEFAULT_LIVE_CACHE_MS;
  const capabilities = new Set<DataKind>(["history", "fixtures", "odds"]);
  // Live states come from results the files already have, so only a replay has them.
  if (clock.setting.kind === "replay") capabilities.add("live");

  const cache = new Map<string, { at: number; text: string | null; parsed: ParsedFootballDataFile | null }>();

  async function readFile(file: string, scope: FileScope, signal: AbortSignal): Promise<ParsedFootballDataFile | null> {
    const text = await source.read(file, signal);
    if (text === null) {
      const past = scope.kind === "season" && scope.season < seasonCodeFor(clock.now());
      if (past)
        log.warn(`${source.description} has no ${file}: that season of ${LEAGUES[scope.league].name} is missing`);
      else log.info(`${source.description} has no ${file} (not published yet)`);
      cache.set(file, { at: Date.now(), text, parsed: null });
      return null;
    }
    const previous = cache.get(file);
    // The same text parses the same: a sync with nothing new does not parse again.
    if (previous && previous.text === text) {
      cache.set(file, { ...previous, at: Date.now() });
      return previous.parsed;
    }
    const parsed = parseFootballDataCsv(text, file, scope);
    if (scope.kind === "season" && parsed.read === 0) {
      log.warn(
        `${source.description}: ${file} has a header and no rows: no ${LEAGUES[scope.league].name} matches of that season were read`,
      );
    }
    // Files that change (the clock's season, fixtures.csv) are kept for the next sync; the past stays out of memory.
    if (scope.kind === "fixtures" || scope.season === seasonCodeFor(clock.now()))
      cache.set(file, { at: Date.now(), text, parsed });
    for (const [name, lines] of parsed.unknownTeams) {
      log.error(
        `unknown team "${name}" in ${file} (line${lines.length > 1 ? "s" : ""} ${lines.join(", ")}): ` +
          "not in the team registry; add its football-data.co.uk name to shared/domain/teams",
      );
    }
    return parsed;
  }

  async function readCached(file: string, scope: FileScope, signal: AbortSignal) {
    const cached = cache.get(file);
    if (cached && Date.now() - cached.at < liveCacheMs) return cached.parsed;
    return readFile(file, scope, signal);
  }

  const feedOf = (
    parsed: ParsedFootballDataFile | null,
    keep: (match: FootballDataMatch) => boolean = () => true,
  ): Feed<ProviderFixture> => {
    if (!parsed) return { items: [], read: 0, rejected: [] };
    const now = clock.now();
    return {
      items: parsed.matches.filter(keep).map((match) => fixtureAsOf(match, now)),
      read: parsed.read,
      rejected: parsed.rejected,
    };
  };

  return {
    name: "football-data",
    capabilities,

    async seasonFixtures({ league, season, signal }) {
      const file = seasonFilePath(league, season);
      return feedOf(await readFile(file, { kind: "season", league, season }, signal));
    },

    async upcomingFixtures({ leagues, signal }) {
      // The file lists the real next matches; a replay of an earlier season has its matches in the season file.
      const now = clock.now();
      const season = seasonCodeFor(now);
      const parsed = await readFile(FIXTURES_FILE, { kind: "fixtures", leagues }, signal);
      return feedOf(parsed, (match) => match.season === season && match.kickoffAt.getTime() > now.getTime());
    },

    async liveFixtures({ fixtures, signal }) {
      const wanted = new Map<string, FixtureRef[]>();
      for (const ref of fixtures) {
        const file = seasonFilePath(ref.league, ref.season);
        wanted.set(file, [...(wanted.get(file) ?? []), ref]);
      }
      const feed: Feed<ProviderFixture> = { items: [], read: 0, rejected: [] };
      for (const [file, refs] of wanted) {
        const { league, season } = refs[0];
        const parsed = await readCached(file, { kind: "season", league, season }, signal);
        const keys = new Set(refs.map((ref) => `${ref.homeTeamId}:${ref.awayTeamId}`));
        const part = feedOf(parsed, (match) => keys.has(`${match.homeTeamId}:${match.awayTeamId}`));
        feed.items.push(...part.items);
        feed.read += part.items.length;
      }
      return feed;
    },
  };
}
