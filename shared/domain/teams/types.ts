import type { LeagueKey } from "../leagues";

/**
 * One club in the registry. Every club that appears in any season of the data has an entry
 * (so a historical row always maps to a team); clubs of the current seasons carry full details.
 */
export interface Team {
  /** API-Football v3 team id: the provider id and our stable team id. */
  id: number;
  /** Display name, e.g. "Manchester United". */
  name: string;
  /** Short name for tight spaces, e.g. "Man United". */
  shortName: string;
  /** URL slug, lowercase ASCII with hyphens, unique across the registry, e.g. "manchester-united". */
  slug: string;
  /** 3-letter code, uppercase, unique within a league, e.g. "MUN". */
  code: string;
  /** The league the club played in most recently in the data (2025/26 where it played then). */
  league: LeagueKey;
  /** Leagues by season code ("2526", "2627") for the current and known next season. */
  seasons: Partial<Record<"2526" | "2627", LeagueKey>>;
  /** Primary and secondary club colours as #rrggbb. */
  colors: { primary: string; secondary: string };
  venue: string;
  city: string;
  /** The exact name football-data.co.uk uses, e.g. "Man United". */
  footballDataName: string;
  /** Every other spelling a source uses (openfootball, API-Football, common nicknames). */
  aliases: readonly string[];
}
