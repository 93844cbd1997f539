/**
 * The one contract every match-data provider implements.
 *
 * - A provider answers as of the clock it was created with: in a replay it knows only what was
 *   known at that moment (later matches have no result, closing odds appear at kick-off).
 * - Teams are our registry ids (shared/domain/teams: the API-Football team id), leagues our
 *   league keys, seasons football-data.co.uk codes ('2526'). A provider maps its own names and
 *   ids before answering; a record it cannot map is rejected, never guessed.
 * - A feed carries the records a provider could read plus the ones it rejected, each with a
 *   reason naming the file or request and the line or item; one bad record never fails a feed.
 *   A source that cannot be reached or answers garbage as a whole throws ProviderError, so the
 *   job fails cleanly and nothing is written.
 * - `capabilities` lists the kinds of data the provider can feed (shared/config/data-sources);
 *   which provider actually feeds each kind is configuration (DATA_PROVIDERS). A method for a
 *   kind outside `capabilities` may be absent.
 * - Every call takes an AbortSignal and gives up promptly when it fires.
 */
import type { Clock } from "@shared/config/clock";
import type { DataKind, DataSource, ProviderName } from "@shared/config/data-sources";
import type { Env } from "@shared/config/env";
import type { EventSide, LineupPlayer, LiveEventType, MatchState } from "@shared/db/schema";
import type { LeagueKey } from "@shared/domain/leagues";
import type { Logger } from "../log";

export type { DataKind, DataSource, ProviderName } from "@shared/config/data-sources";

export interface Score {
  home: number;
  away: number;
}

/** A count for each side of a match. */
export interface SidePair {
  home: number;
  away: number;
}

/** Match statistics; a figure the source does not have is null. */
export interface MatchStatistics {
  shots: SidePair | null;
  shotsOnTarget: SidePair | null;
  corners: SidePair | null;
  fouls: SidePair | null;
  yellowCards: SidePair | null;
  redCards: SidePair | null;
}

/**
 * The provider's short status, in API-Football's vocabulary: NS (not started), TBD, 1H, HT, 2H,
 * ET, BT, P, SUSP, INT, LIVE, FT, AET, PEN, PST (postponed), CANC, ABD, AWD, WO.
 */
export type FixtureStatus = string;

/** One bookmaker's (or the market's) prices for one market of a match. */
export type ProviderOdds = {
  /** 'bet365', 'pinnacle', 'market-average'... */
  source: string;
  /** 'opening': the pre-match price when the line was first published; 'closing': at kick-off. */
  kind: "opening" | "closing";
} & (
  | { market: "1x2"; home: number; draw: number; away: number }
  | { market: "ou25"; over: number; under: number }
  | { market: "btts"; yes: number; no: number }
);

/** One match as a provider knows it at the clock's moment. */
export interface ProviderFixture {
  league: LeagueKey;
  season: string;
  /** API-Football fixture id, when the provider has one. */
  apiFootballFixtureId: number | null;
  /** The round (matchweek) when the provider knows it, otherwise weeks since 1 August. */
  matchweek: number | null;
  kickoffAt: Date;
  /** False when the source gives a date only (older CSV seasons); kickoffAt is then an estimate. */
  kickoffTimeKnown: boolean;
  homeTeamId: number;
  awayTeamId: number;
  venue: string | null;
  referee: string | null;
  state: MatchState;
  status: FixtureStatus;
  /** While live: the minute (45 during half-time, up to 90) and added minutes beyond 45 or 90. */
  minute: number | null;
  injuryTime: number | null;
  /** The live score while live, the final score once finished, null before kick-off. */
  score: Score | null;
  halfTimeScore: Score | null;
  statistics: MatchStatistics | null;
  /** Prices the provider has for this match (may be empty). */
  odds: ProviderOdds[];
}

/** Identifies a match to a provider: our natural key, plus the provider's id when known. */
export interface FixtureRef {
  league: LeagueKey;
  season: string;
  homeTeamId: number;
  awayTeamId: number;
  kickoffAt: Date;
  apiFootballFixtureId: number | null;
}

/** A record a provider could not use, and why. */
export interface RejectedRecord {
  /** The file or request it came from, e.g. '2526/E0.csv' or 'GET /fixtures?league=39'. */
  source: string;
  /** Line (CSV, 1-based, header = 1) or item index; null when not applicable. */
  line: number | null;
  reason: string;
}

export interface Feed<T> {
  items: T[];
  /** Records read from the source, accepted or not. */
  read: number;
  rejected: RejectedRecord[];
}

export interface SeasonRequest {
  league: LeagueKey;
  season: string;
  signal: AbortSignal;
}

export interface FixturesRequest {
  fixtures: readonly FixtureRef[];
  signal: AbortSignal;
}

export interface LineupFeedItem {
  fixture: FixtureRef;
  teamId: number;
  formation: string | null;
  coachName: string | null;
  startXi: LineupPlayer[];
  substitutes: LineupPlayer[];
}

export interface EventFeedItem {
  fixture: FixtureRef;
  minute: number;
  extraMinute: number | null;
  teamId: number | null;
  side: EventSide;
  type: LiveEventType;
  detail: string | null;
  playerId: number | null;
  playerName: string | null;
  assistName: string | null;
}

export interface PlayerProfile {
  id: number;
  name: string;
  firstname: string | null;
  lastname: string | null;
  nationality: string | null;
  birthDate: string | null;
  age: number | null;
  position: string | null;
  photo: string | null;
}

/** A player's totals for one team in one league season (columns of player_season_stats). */
export interface PlayerSeasonFeedItem {
  player: PlayerProfile;
  teamId: number;
  league: LeagueKey;
  season: string;
  position: string | null;
  appearances: number;
  lineups: number;
  minutes: number;
  goals: number;
  assists: number;
  shotsTotal: number;
  shotsOn: number;
  passesKey: number;
  passesAccuracy: number | null;
  dribblesAttempts: number;
  dribblesSuccess: number;
  tackles: number;
  yellowCards: number;
  redCards: number;
  rating: number | null;
  goalsConceded: number;
  cleanSheets: number;
}

/** One player's line in one match (columns of player_match_stats). */
export interface PlayerMatchFeedItem {
  fixture: FixtureRef;
  player: PlayerProfile;
  teamId: number;
  position: string | null;
  isSubstitute: boolean;
  minutes: number;
  rating: number | null;
  goals: number;
  assists: number;
  shotsTotal: number;
  shotsOn: number;
  passesTotal: number;
  passesKey: number;
  tackles: number;
  yellowCards: number;
  redCards: number;
  saves: number;
  goalsConceded: number;
}

export type LeaderboardKind = "top-scorers" | "top-assists";

export interface LeaderboardRequest extends SeasonRequest {
  kind: LeaderboardKind;
}

/** A league table row as a provider publishes it. */
export interface StandingFeedItem {
  teamId: number;
  position: number;
  points: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  /** Oldest first, e.g. 'WDLWW'. */
  form: string | null;
}

/**
 * A team's season figures (columns of team_season_stats). Counts the provider does not have are
 * null (API-Football has no over 2.5 or both-teams-scored counts).
 */
export interface TeamStatisticsFeedItem {
  teamId: number;
  league: LeagueKey;
  season: string;
  playedHome: number;
  playedAway: number;
  winsHome: number;
  winsAway: number;
  drawsHome: number;
  drawsAway: number;
  lossesHome: number;
  lossesAway: number;
  goalsForHome: number;
  goalsForAway: number;
  goalsAgainstHome: number;
  goalsAgainstAway: number;
  cleanSheets: number;
  failedToScore: number;
  over25Matches: number | null;
  bothScoredMatches: number | null;
  /** Oldest first, e.g. 'WDLWW'. */
  form: string | null;
}

export interface MatchDataProvider {
  readonly name: ProviderName;
  readonly capabilities: ReadonlySet<DataKind>;

  /**
   * Every match of one league season known at the clock's moment, with status, score,
   * half-time score, statistics and odds as far as the provider has them (kinds history,
   * fixtures, odds). A season the source does not have yet gives an empty feed.
   */
  seasonFixtures(request: SeasonRequest): Promise<Feed<ProviderFixture>>;
  /**
   * One match by the provider's own fixture id, for an operator's lookup: a feed of that match,
   * empty when the provider does not know the id. Absent when the provider has no fixture ids.
   */
  fixtureById?(request: { id: number; signal: AbortSignal }): Promise<Feed<ProviderFixture>>;
  /** Matches scheduled but not yet in the season feed (football-data's fixtures.csv). */
  upcomingFixtures?(request: { leagues: readonly LeagueKey[]; signal: AbortSignal }): Promise<Feed<ProviderFixture>>;
  /** The current state of the given matches (kind live); a match the provider does not know is left out. */
  liveFixtures?(request: FixturesRequest): Promise<Feed<ProviderFixture>>;
  events?(request: FixturesRequest): Promise<Feed<EventFeedItem>>;
  lineups?(request: FixturesRequest): Promise<Feed<LineupFeedItem>>;
  playerSeasonStats?(request: SeasonRequest): Promise<Feed<PlayerSeasonFeedItem>>;
  playerMatchStats?(request: FixturesRequest): Promise<Feed<PlayerMatchFeedItem>>;
  leaderboard?(request: LeaderboardRequest): Promise<Feed<PlayerSeasonFeedItem>>;
  standings?(request: SeasonRequest): Promise<Feed<StandingFeedItem>>;
  teamStatistics?(request: SeasonRequest): Promise<Feed<TeamStatisticsFeedItem>>;
}

/** What a provider factory gets: the environment (origins, keys), the one clock and a logger. */
export interface ProviderContext {
  env: Env;
  clock: Clock;
  log: Logger;
}

export type ProviderFactory = (context: ProviderContext) => MatchDataProvider;

/**
 * The source as a whole failed: unreachable, timed out, an HTTP error, or a body that is not
 * the expected format. `hint` says what to configure when that helps.
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    readonly hint?: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}${hint ? ` (${hint})` : ""}`, options);
    this.name = "ProviderError";
  }
}

/** The providers of a worker, one per kind of data as configured (DATA_PROVIDERS). */
export interface ProviderSet {
  /** What feeds each kind: a provider name, 'results' (computed from stored results) or 'off'. */
  readonly sources: Readonly<Record<DataKind, DataSource>>;
  /** The provider that feeds a kind; null when the kind is off or computed from results. */
  for(kind: DataKind): MatchDataProvider | null;
}
