/**
 * The public record of the matches, as football-data.co.uk publishes it: one CSV file per league
 * season, `{season}/{code}.csv` under https://www.football-data.co.uk/mmz4281 (E0 the Premier
 * League, SP1 La Liga, D1 the Bundesliga, I1 Serie A, F1 Ligue 1), with the columns Date
 * (dd/mm/yy or dd/mm/yyyy, the UK date), HomeTeam, AwayTeam, FTHG and FTAG (full-time goals).
 * The verifier holds the ledger's settled rows against it. Pure: the caller reads the files.
 * Teams are read with the team registry's football-data names, as the worker reads them.
 */
import { parse } from "csv-parse/sync";
import { LEAGUES, type LeagueKey } from "../domain/leagues";
import { findTeamByFootballDataName } from "../domain/teams/registry";

export interface PublicResult {
  /** The date of the match in the UK, 'YYYY-MM-DD'. */
  date: string;
  /** Full-time goals; null for a match not played yet. */
  home: number | null;
  away: number | null;
  /** Line in the file (the header is line 1). */
  line: number;
}

export interface PublicResultsFile {
  /** The file's path under the base, e.g. '2526/E0.csv'. */
  path: string;
  /** By `${homeTeamId}:${awayTeamId}`; a pairing a file has twice keeps both. */
  matches: Map<string, PublicResult[]>;
  /** Team names the registry does not know, which no ledger row can be matched with. */
  unknownTeams: string[];
}

export function isLeagueKey(value: string): value is LeagueKey {
  return Object.hasOwn(LEAGUES, value);
}

/** '2526/E0.csv': where a league season's file is, under the base. */
export function publicResultsPath(league: LeagueKey, season: string): string {
  return `${season}/${LEAGUES[league].footballDataCode}.csv`;
}

export const pairingKey = (homeTeamId: string | number, awayTeamId: string | number) => `${homeTeamId}:${awayTeamId}`;

const UK_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The date in the UK of an instant, 'YYYY-MM-DD' (the date football-data files give). */
export function ukDate(instant: string | Date): string {
  return UK_DATE.format(new Date(instant));
}

/** '17/08/24' or '17/08/2024' → '2024-08-17'; null when it is not a real date. */
function isoDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const year = match[3].length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  const date = new Date(Date.UTC(year, Number(match[2]) - 1, Number(match[1])));
  if (date.getUTCDate() !== Number(match[1]) || date.getUTCMonth() !== Number(match[2]) - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** Goals as the files write them ('2', '2.0'); null for an empty cell or anything else. */
function goals(cell: string | undefined): number | null {
  if (cell === undefined || cell.trim() === "") return null;
  const value = Number(cell);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/** Reads one league season's file. Rows it cannot read (no real date, an unknown team) are left out. */
export function parsePublicResults(text: string, league: LeagueKey, path: string): PublicResultsFile {
  const records = parse(text, {
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  }) as unknown as {
    record: string[];
    info: { lines: number };
  }[];
  const [header, ...body] = records;
  const names = (header?.record ?? []).map((name) => name.trim());
  const column = (...candidates: string[]) =>
    candidates.map((name) => names.indexOf(name)).find((index) => index >= 0) ?? -1;
  const at = {
    date: column("Date"),
    home: column("HomeTeam", "HT"),
    away: column("AwayTeam", "AT"),
    homeGoals: column("FTHG", "HG"),
    awayGoals: column("FTAG", "AG"),
  };
  if (Object.values(at).some((index) => index < 0)) {
    throw new Error(
      `${path} is not a football-data.co.uk results file (no Date, HomeTeam, AwayTeam, FTHG and FTAG columns)`,
    );
  }
  const matches = new Map<string, PublicResult[]>();
  const unknown = new Set<string>();
  for (const { record, info } of body) {
    const cell = (i: number) => record[i]?.trim() ?? "";
    const date = isoDate(cell(at.date));
    if (!date || cell(at.home) === "" || cell(at.away) === "") continue;
    const home = findTeamByFootballDataName(cell(at.home), league);
    const away = findTeamByFootballDataName(cell(at.away), league);
    if (!home) unknown.add(cell(at.home));
    if (!away) unknown.add(cell(at.away));
    if (!home || !away) continue;
    const homeGoals = goals(record[at.homeGoals]);
    const awayGoals = goals(record[at.awayGoals]);
    const played = homeGoals !== null && awayGoals !== null;
    const key = pairingKey(home.id, away.id);
    const result = { date, home: played ? homeGoals : null, away: played ? awayGoals : null, line: info.lines };
    matches.set(key, [...(matches.get(key) ?? []), result]);
  }
  return { path, matches, unknownTeams: [...unknown].sort() };
}
