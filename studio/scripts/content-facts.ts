/**
 * Editorial text against the data: the form strings a match preview's 'Team Form & Momentum'
 * writes ("Arsenal: W, D, D, L, W") must be the results the page lists beside it. Each form
 * string is read in the order it is written (oldest first, as editors write them); the first one
 * is the home club's, the second the away club's. Pure: the caller reads the files.
 */
import { LEAGUE_KEYS, type LeagueKey } from "@shared/domain/leagues";
import { getTeamById, getTeamBySlug } from "@shared/domain/teams/registry";
import { pairingKey, type PublicResultsFile } from "@shared/ledger/public-results";

/** How many results a form string holds, as the match page lists them. */
export const FORM_LENGTH = 5;

const PREVIEW_ID =
  /^(?:drafts\.)?matchPreview-(\d{4})-(premier-league|la-liga|bundesliga|serie-a|ligue1)-(.+)-vs-(.+)$/;
const FORM_STRING = /([^\s:.,][^:.]*?):\s((?:[WDL],\s){4}[WDL])\b/g;

export interface PreviewDocument {
  _id: string;
  _type: string;
  teamFormMomentum?: Array<{ children?: Array<{ text?: string }> }>;
}

export interface FormContradiction {
  documentId: string;
  team: string;
  written: string;
  data: string;
  /** The results the data has, oldest first: "D 2026-01-04 Man City 1-1 Chelsea". */
  matches: string[];
}

/** The league and season files a preview needs, by `${season}/${league}`. */
export type ResultsBySeason = ReadonlyMap<string, PublicResultsFile>;

export const resultsKey = (season: string, league: LeagueKey) => `${season}/${league}`;

/** The league seasons the previews of a dataset are about. */
export function seasonsOf(documents: readonly PreviewDocument[]): Array<{ season: string; league: LeagueKey }> {
  const seen = new Map<string, { season: string; league: LeagueKey }>();
  for (const document of documents) {
    const id = PREVIEW_ID.exec(document._id);
    if (id && (LEAGUE_KEYS as readonly string[]).includes(id[2]))
      seen.set(resultsKey(id[1], id[2] as LeagueKey), { season: id[1], league: id[2] as LeagueKey });
  }
  return [...seen.values()];
}

function plainText(blocks: PreviewDocument["teamFormMomentum"]): string {
  return (blocks ?? []).map((block) => (block.children ?? []).map((child) => child.text ?? "").join("")).join("\n");
}

/** A club's last results before `date` (YYYY-MM-DD) in a season's file, oldest first. */
function formBefore(file: PublicResultsFile, teamId: number, date: string): Array<{ letter: string; line: string }> {
  const played: Array<{ date: string; letter: string; line: string }> = [];
  for (const [pairing, results] of file.matches) {
    const [home, away] = pairing.split(":").map(Number);
    if (home !== teamId && away !== teamId) continue;
    for (const result of results) {
      if (result.home === null || result.away === null || result.date >= date) continue;
      const [ours, theirs] = home === teamId ? [result.home, result.away] : [result.away, result.home];
      const letter = ours > theirs ? "W" : ours < theirs ? "L" : "D";
      const name = (id: number) => getTeamById(id)?.name ?? `Team #${id}`;
      played.push({
        date: result.date,
        letter,
        line: `${letter} ${result.date} ${name(home)} ${result.home}-${result.away} ${name(away)}`,
      });
    }
  }
  return played.sort((a, b) => a.date.localeCompare(b.date)).slice(-FORM_LENGTH);
}

/** Every form string of every match preview that is not the data's, with the data's results. */
export function formContradictions(
  documents: readonly PreviewDocument[],
  results: ResultsBySeason,
): FormContradiction[] {
  const found: FormContradiction[] = [];
  for (const document of documents) {
    const id = PREVIEW_ID.exec(document._id);
    if (!id || document._type !== "matchPreview") continue;
    const [, season, league, homeSlug, awaySlug] = id;
    const file = results.get(resultsKey(season, league as LeagueKey));
    const home = getTeamBySlug(homeSlug);
    const away = getTeamBySlug(awaySlug);
    if (!file || !home || !away) continue;
    const fixture = file.matches.get(pairingKey(home.id, away.id))?.[0];
    if (!fixture) continue;
    const written = [...plainText(document.teamFormMomentum).matchAll(FORM_STRING)];
    written.slice(0, 2).forEach((match, index) => {
      const club = index === 0 ? home : away;
      const data = formBefore(file, club.id, fixture.date);
      const letters = match[2].replace(/,\s/g, "");
      const dataLetters = data.map((entry) => entry.letter).join("");
      if (letters !== dataLetters) {
        found.push({
          documentId: document._id,
          team: `${match[1]} (${club.name})`,
          written: match[2],
          data: data.map((entry) => entry.letter).join(", "),
          matches: data.map((entry) => entry.line),
        });
      }
    });
  }
  return found;
}
