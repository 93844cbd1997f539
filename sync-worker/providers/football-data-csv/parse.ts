/**
 * Reads one football-data.co.uk CSV file into matches as the file knows them (full time, half
 * time, statistics, opening and closing odds). A row that cannot be used is rejected with a
 * reason naming the file and line; the rest of the file is read. A file without the columns
 * every football-data file has (Date, HomeTeam, AwayTeam) is not such a file at all.
 */
import { parse } from "csv-parse/sync";
import { leagueByFootballDataCode, LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import { findTeamByFootballDataName } from "@shared/domain/teams/registry";
import type { Team } from "@shared/domain/teams/types";
import {
  ProviderError,
  type MatchStatistics,
  type ProviderOdds,
  type RejectedRecord,
  type Score,
  type SidePair,
} from "../types";
import { DEFAULT_UK_KICKOFF, parseFootballDataDate, parseKickoffTime, ukLocalToUtc } from "./dates";
import { readOdds, resolveOddsColumns } from "./odds-columns";

export interface FootballDataMatch {
  /** Line in the file (the header is line 1). */
  line: number;
  league: LeagueKey;
  season: string;
  kickoffAt: Date;
  kickoffTimeKnown: boolean;
  homeTeamId: number;
  awayTeamId: number;
  /** Null for a match not played yet (fixtures.csv, or a season file in progress). */
  fullTime: Score | null;
  halfTime: Score | null;
  referee: string | null;
  statistics: MatchStatistics | null;
  odds: ProviderOdds[];
}

export interface ParsedFootballDataFile {
  matches: FootballDataMatch[];
  /** Data rows read (blank lines and other divisions not counted). */
  read: number;
  rejected: RejectedRecord[];
  /** Names the team registry does not know, with the lines they appear on. */
  unknownTeams: Map<string, number[]>;
}

/** A season file holds one league's season; fixtures.csv holds every division's next matches. */
export type FileScope =
  { kind: "season"; league: LeagueKey; season: string } | { kind: "fixtures"; leagues: readonly LeagueKey[] };

const STATISTIC_COLUMNS: Record<keyof MatchStatistics, [string, string]> = {
  shots: ["HS", "AS"],
  shotsOnTarget: ["HST", "AST"],
  corners: ["HC", "AC"],
  fouls: ["HF", "AF"],
  yellowCards: ["HY", "AY"],
  redCards: ["HR", "AR"],
};

class RowRejected extends Error {}

function goals(cell: string | undefined): number | null {
  if (cell === undefined || cell.trim() === "") return null;
  const value = Number(cell);
  return Number.isInteger(value) && value >= 0 && value < 100 ? value : Number.NaN;
}

/** Both halves of a score, none, or a rejection for a half-written or unreadable one. */
function score(homeCell: string | undefined, awayCell: string | undefined, what: string): Score | null {
  const home = goals(homeCell);
  const away = goals(awayCell);
  if (home === null && away === null) return null;
  if (home === null || away === null || Number.isNaN(home) || Number.isNaN(away)) {
    throw new RowRejected(`unreadable ${what} score "${homeCell ?? ""}"-"${awayCell ?? ""}"`);
  }
  return { home, away };
}

function count(cell: string | undefined): number | null {
  if (cell === undefined || cell.trim() === "") return null;
  const value = Number(cell);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/** Does a date fall in the season? Seasons run from July; 2019-20 finished in August 2020. */
function inSeason(kickoff: Date, season: string): boolean {
  const startYear = 2000 + Number(season.slice(0, 2));
  return kickoff.getTime() >= Date.UTC(startYear, 6, 1) && kickoff.getTime() < Date.UTC(startYear + 1, 8, 1);
}

export function parseFootballDataCsv(text: string, file: string, scope: FileScope): ParsedFootballDataFile {
  const rejected: RejectedRecord[] = [];
  const reject = (line: number | null, reason: string) => rejected.push({ source: file, line, reason });
  let read = 0;

  const records = csvLines(text, (line, reason) => {
    read += 1;
    reject(line, reason);
  });
  const header = (records[0]?.cells ?? []).map((name) => name.trim());
  const column = (...names: string[]) => {
    for (const name of names) {
      const index = header.indexOf(name);
      if (index >= 0) return index;
    }
    return -1;
  };
  const at = {
    div: column("Div"),
    date: column("Date"),
    time: column("Time"),
    home: column("HomeTeam", "HT"),
    away: column("AwayTeam", "AT"),
    fthg: column("FTHG", "HG"),
    ftag: column("FTAG", "AG"),
    hthg: column("HTHG"),
    htag: column("HTAG"),
    referee: column("Referee"),
  };
  if (at.date < 0 || at.home < 0 || at.away < 0 || (scope.kind === "fixtures" && at.div < 0)) {
    const start = JSON.stringify(text.slice(0, 60));
    throw new ProviderError(
      "football-data",
      `${file} is not a football-data.co.uk CSV file (no Date, HomeTeam and AwayTeam columns; it starts ${start})`,
    );
  }
  const oddsGroups = resolveOddsColumns(header);
  const statisticIndexes = Object.entries(STATISTIC_COLUMNS).map(
    ([key, [home, away]]) => [key, header.indexOf(home), header.indexOf(away)] as const,
  );

  const matches: FootballDataMatch[] = [];
  const unknownTeams = new Map<string, number[]>();
  const seen = new Map<string, number>();

  const teamCache = new Map<string, Team | null>();
  const teamNamed = (name: string, league: LeagueKey) => {
    const key = `${league}|${name}`;
    let team = teamCache.get(key);
    if (team === undefined) {
      team = findTeamByFootballDataName(name, league);
      teamCache.set(key, team);
    }
    return team;
  };

  for (const { cells: record, line } of records.slice(1)) {
    if (record.every((cell) => cell.trim() === "")) continue;
    if (record.length < header.length) {
      read += 1;
      reject(line, `malformed row: ${record.length} fields where the header has ${header.length}`);
      continue;
    }
    const cell = (index: number) => (index >= 0 ? record[index]?.trim() : undefined);
    let league: LeagueKey;
    if (scope.kind === "season") {
      league = scope.league;
      const div = cell(at.div);
      read += 1;
      if (div !== undefined && div !== "" && div !== LEAGUES[league].footballDataCode) {
        reject(line, `Div "${div}" is not ${LEAGUES[league].footballDataCode}`);
        continue;
      }
    } else {
      const found = leagueByFootballDataCode(cell(at.div) ?? "");
      // fixtures.csv lists every division the site covers; other divisions are not ours.
      if (!found || !scope.leagues.includes(found.key)) continue;
      league = found.key;
      read += 1;
    }

    try {
      const dateText = cell(at.date) ?? "";
      const date = parseFootballDataDate(dateText);
      if (!date) throw new RowRejected(`unreadable date "${dateText}"`);
      const timeText = cell(at.time) ?? "";
      const time = parseKickoffTime(timeText === "" ? DEFAULT_UK_KICKOFF : timeText);
      if (!time) throw new RowRejected(`unreadable kick-off time "${timeText}"`);
      const kickoffAt = ukLocalToUtc(date.year, date.month, date.day, time.hour, time.minute);
      const season = scope.kind === "season" ? scope.season : seasonCodeFor(kickoffAt);
      if (!inSeason(kickoffAt, season)) throw new RowRejected(`date ${dateText} is outside the ${season} season`);

      const homeName = cell(at.home) ?? "";
      const awayName = cell(at.away) ?? "";
      if (homeName === "" || awayName === "") throw new RowRejected("a team name is missing");
      const unknown = [homeName, awayName].filter((name) => !teamNamed(name, league));
      if (unknown.length > 0) {
        for (const name of unknown) unknownTeams.set(name, [...(unknownTeams.get(name) ?? []), line]);
        throw new RowRejected(
          unknown.map((name) => `unknown team "${name}"`).join(" and ") +
            " (not in the team registry: add its football-data.co.uk name to shared/domain/teams)",
        );
      }
      const home = teamNamed(homeName, league)!;
      const away = teamNamed(awayName, league)!;
      if (home.id === away.id) throw new RowRejected(`${homeName} is on both sides`);

      const key = `${league}:${season}:${home.id}:${away.id}`;
      const firstLine = seen.get(key);
      if (firstLine !== undefined) {
        throw new RowRejected(`duplicate fixture ${homeName} v ${awayName} in ${season} (first on line ${firstLine})`);
      }

      const fullTime = score(cell(at.fthg), cell(at.ftag), "full-time");
      const halfTime = fullTime ? score(cell(at.hthg), cell(at.htag), "half-time") : null;
      const statistics = fullTime ? readStatistics(record, statisticIndexes) : null;
      seen.set(key, line);
      matches.push({
        line,
        league,
        season,
        kickoffAt,
        kickoffTimeKnown: timeText !== "",
        homeTeamId: home.id,
        awayTeamId: away.id,
        fullTime,
        halfTime,
        referee: cell(at.referee) || null,
        statistics,
        odds: readOdds(record, oddsGroups),
      });
    } catch (error) {
      if (!(error instanceof RowRejected)) throw error;
      reject(line, error.message);
    }
  }
  return { matches, read, rejected, unknownTeams };
}

/**
 * The non-blank lines of a CSV text as cells, with their line numbers. football-data files quote
 * nothing, so a plain split reads them (several times faster than a general parser); a line with
 * quotes goes through csv-parse, and one it cannot read is reported.
 */
function csvLines(text: string, reject: (line: number, reason: string) => void): { line: number; cells: string[] }[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split(/\r\n|\n|\r/);
  const rows: { line: number; cells: string[] }[] = [];
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index];
    if (raw.trim() === "") continue;
    if (!raw.includes('"')) {
      rows.push({ line: index + 1, cells: raw.split(",") });
      continue;
    }
    try {
      const [cells] = parse(raw, { relax_quotes: true });
      rows.push({ line: index + 1, cells });
    } catch (error) {
      reject(index + 1, `malformed row: ${(error as Error).message}`);
    }
  }
  return rows;
}

function readStatistics(
  record: readonly string[],
  indexes: readonly (readonly [string, number, number])[],
): MatchStatistics | null {
  const statistics = {} as Record<keyof MatchStatistics, SidePair | null>;
  let any = false;
  for (const [key, homeIndex, awayIndex] of indexes) {
    const home = homeIndex >= 0 ? count(record[homeIndex]) : null;
    const away = awayIndex >= 0 ? count(record[awayIndex]) : null;
    const pair = home !== null && away !== null ? { home, away } : null;
    statistics[key as keyof MatchStatistics] = pair;
    any ||= pair !== null;
  }
  return any ? statistics : null;
}
