/**
 * The editors' desk API: what the site answers at /api/editor/fixtures/{league} and
 * /api/editor/fixture/{league}/{season}/{home}/{away} (web/app/features/editor-desk/editor-desk.server.ts) and the
 * Studio reads (studio/site-api.ts). One contract for both sides; the OpenAPI description
 * (web/app/api/resources/editor.schema.ts) says the same for other readers.
 */
import type { LeagueKey } from "../domain/leagues";
import type { MatchState } from "../domain/picks";
import type { LockedPick, PickContent } from "../domain/resolution";
import type { ReviewReason } from "./review";

export interface EditorFixture {
  id: number;
  league: LeagueKey;
  season: string;
  kickoffAt: string;
  state: MatchState;
  kickedOff: boolean;
  homeTeam: { name: string; slug: string | null };
  awayTeam: { name: string; slug: string | null };
  /** "premier-league/arsenal-vs-sunderland": with the season, the fixture's key. */
  matchId: string | null;
  /** The id a preview created from this fixture gets. */
  previewDocumentId: string | null;
  /** A published preview covers it (drafts are the Studio's to know). */
  published: boolean;
  /** What the match page shows now. */
  bestPick: string;
  confidence: number;
}

export interface EditorFixtureList {
  now: string;
  from: string;
  to: string;
  fixtures: EditorFixture[];
}

export interface FairOdds {
  home: number | null;
  draw: number | null;
  away: number | null;
  over25: number | null;
  under25: number | null;
  bttsYes: number | null;
  bttsNo: number | null;
}

export interface EditorFormMatch {
  date: string;
  isHome: boolean;
  opponent: string;
  result: string;
  score: string;
}

export interface EditorStandingRow {
  position: number;
  teamId: number;
  teamName: string;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goalDifference: number;
  points: number;
  form: string;
}

/** The fields of the site's match record (MatchRecord in the OpenAPI description) the Studio reads. */
export interface EditorMatchRecord {
  id: number;
  matchPageLink: string;
  kickoffTime: string;
  matchState: "pre-match" | "live" | "post-match";
  homeTeam: string;
  awayTeam: string;
  homeScore: number | null;
  awayScore: number | null;
  finalScore: string | null;
  liveScore: string | null;
  bestPick: string;
  confidence: number;
  confidenceLabel: string;
  projectedScore: string | null;
  resolutionSource: string;
  odds: {
    home: number | null;
    draw: number | null;
    away: number | null;
    over25: number | null;
    under25: number | null;
    bttsYes: number | null;
    bttsNo: number | null;
    source: string | null;
  } | null;
  probabilities: {
    home: number;
    draw: number;
    away: number;
    over25: number;
    btts: number;
    expectedGoalsHome: number;
    expectedGoalsAway: number;
    modelVersion: string;
  } | null;
  homeForm: string;
  awayForm: string;
  form: { home: EditorFormMatch[]; away: EditorFormMatch[] };
  h2h: { date: string; homeTeam: string; awayTeam: string; score: string }[];
}

/** The numbers beside a preview; the site answers its whole match record, the Studio reads `EditorMatchRecord`. */
export interface EditorFixtureData<
  Match extends EditorMatchRecord = EditorMatchRecord,
  Row extends EditorStandingRow = EditorStandingRow,
> {
  now: string;
  fixture: EditorFixture;
  /** The site's own match record (the match page's numbers, published content). */
  match: Match;
  /** The algorithm's prediction as resolvePick reads it; null before the engine predicted the match. */
  algorithm: (PickContent & { modelVersion: string }) | null;
  /** The market's prices with the margin taken out; null without odds. */
  fairOdds: FairOdds | null;
  /** The table around the two clubs. */
  table: Row[];
  /** The pick on record (the ledger row) once the fixture kicked off. */
  locked: LockedPick | null;
  /** The published preview's "Needs review" reasons, by the shared rules. */
  review: ReviewReason[];
}
