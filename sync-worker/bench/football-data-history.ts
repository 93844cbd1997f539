/**
 * Every season file of the five leagues in a football-data.co.uk directory, read with the
 * worker's own CSV parser and turned into the prediction engine's inputs: finished matches
 * with their pre-match (opening) prices, plus the closing prices the benchmark compares with
 * (closing prices never reach the engine).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ALL_LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { getTeamById } from "@shared/domain/teams/registry";
import type { OverUnderPrices, PlayedMatch, ResultPrices } from "@shared/model/types";
import { parseFootballDataCsv, type FootballDataMatch } from "../providers/football-data-csv/parse";
import type { ProviderOdds } from "../providers/types";

export interface HistoricalMatch extends PlayedMatch {
  homeTeam: string;
  awayTeam: string;
  closingResultOdds: ResultPrices | null;
  closingOverUnderOdds: OverUnderPrices | null;
  /** The half-time score, when the file has one no greater than the final score. */
  halfTime?: { home: number; away: number } | null;
}

export interface LoadedHistory {
  matches: HistoricalMatch[];
  files: number;
  rejectedRows: number;
  /** Rows without a final score (matches not played). */
  unplayedRows: number;
}

/** '0506' … '2526'. */
export function seasonCodes(first: string, last: string): string[] {
  const codes: string[] = [];
  for (let year = Number(first.slice(0, 2)); year <= Number(last.slice(0, 2)); year++) {
    codes.push(`${String(year).padStart(2, "0")}${String(year + 1).padStart(2, "0")}`);
  }
  return codes;
}

/** The first source's prices of a market and kind, in order of preference. */
function prices<M extends "1x2" | "ou25">(
  odds: readonly ProviderOdds[],
  market: M,
  kind: ProviderOdds["kind"],
  sources: readonly string[],
): Extract<ProviderOdds, { market: M }> | null {
  for (const source of sources) {
    const found = odds.find((o) => o.market === market && o.kind === kind && o.source === source);
    if (found) return found as Extract<ProviderOdds, { market: M }>;
  }
  return null;
}

function resultPrices(o: Extract<ProviderOdds, { market: "1x2" }> | null): ResultPrices | null {
  return o && { home: o.home, draw: o.draw, away: o.away };
}

function overUnderPrices(o: Extract<ProviderOdds, { market: "ou25" }> | null): OverUnderPrices | null {
  return o && { over: o.over, under: o.under };
}

/**
 * The market average is the benchmark's market; bet365 stands in for it in the few rows where
 * it is blank. Closing: the average from 2019-20, Pinnacle before.
 */
const OPENING_SOURCES = ["market-average", "pinnacle"];
const CLOSING_SOURCES = ["market-average", "pinnacle"];

function toHistoricalMatch(m: FootballDataMatch): HistoricalMatch | null {
  if (!m.fullTime) return null;
  const shotsOnTarget = m.statistics?.shotsOnTarget ?? null;
  return {
    id: `${m.league}:${m.season}:${m.homeTeamId}:${m.awayTeamId}`,
    league: m.league,
    season: m.season,
    kickoff: m.kickoffAt,
    homeTeamId: m.homeTeamId,
    awayTeamId: m.awayTeamId,
    homeTeam: getTeamById(m.homeTeamId)?.name ?? String(m.homeTeamId),
    awayTeam: getTeamById(m.awayTeamId)?.name ?? String(m.awayTeamId),
    homeGoals: m.fullTime.home,
    awayGoals: m.fullTime.away,
    homeShotsOnTarget: shotsOnTarget?.home ?? null,
    awayShotsOnTarget: shotsOnTarget?.away ?? null,
    resultOdds: resultPrices(prices(m.odds, "1x2", "opening", OPENING_SOURCES)),
    overUnderOdds: overUnderPrices(prices(m.odds, "ou25", "opening", OPENING_SOURCES)),
    closingResultOdds: resultPrices(prices(m.odds, "1x2", "closing", CLOSING_SOURCES)),
    closingOverUnderOdds: overUnderPrices(prices(m.odds, "ou25", "closing", CLOSING_SOURCES)),
    halfTime:
      m.halfTime && m.halfTime.home <= m.fullTime.home && m.halfTime.away <= m.fullTime.away
        ? { home: m.halfTime.home, away: m.halfTime.away }
        : null,
  };
}

/**
 * Reads {dir}/{season}/{code}.csv for every season and league (or the given leagues); sorted by
 * kick-off. A missing file is an error unless `skipMissing` (then it is left out).
 */
export async function loadFootballDataHistory(
  dir: string,
  seasons: readonly string[],
  options: { leagues?: readonly LeagueKey[]; skipMissing?: boolean } = {},
): Promise<LoadedHistory> {
  const matches: HistoricalMatch[] = [];
  let files = 0;
  let rejectedRows = 0;
  let unplayedRows = 0;
  const leagues = options.leagues ? ALL_LEAGUES.filter((l) => options.leagues!.includes(l.key)) : ALL_LEAGUES;
  for (const season of seasons) {
    for (const league of leagues) {
      const file = path.join(dir, season, `${league.footballDataCode}.csv`);
      if (options.skipMissing && !existsSync(file)) continue;
      const text = await readFile(file, "utf8");
      const parsed = parseFootballDataCsv(text, file, { kind: "season", league: league.key, season });
      files += 1;
      rejectedRows += parsed.rejected.length;
      for (const m of parsed.matches) {
        const match = toHistoricalMatch(m);
        if (match) matches.push(match);
        else unplayedRows += 1;
      }
    }
  }
  matches.sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.id.localeCompare(b.id));
  return { matches, files, rejectedRows, unplayedRows };
}
