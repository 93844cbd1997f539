/**
 * API-Football shapes → the provider contract's records (providers/types.ts). Pure: each function
 * maps an item or says, in words fit for a log line, why it is rejected (an unknown team, a
 * status code we do not know, a finished match without a score...). Team ids need no
 * translation: our team ids are API-Football's, so a provider team is looked up in the registry
 * by id, and one the registry does not have is rejected, never guessed.
 */
import { leagueByApiFootballId, type LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import { getTeamById } from "@shared/domain/teams/registry";
import type { Team } from "@shared/domain/teams/types";
import {
  LIVE_EVENT_TYPES,
  type EventSide,
  type LineupPlayer,
  type LiveEventType,
  type MatchState,
} from "@shared/db/schema";
import type {
  EventFeedItem,
  LineupFeedItem,
  PlayerMatchFeedItem,
  PlayerProfile,
  PlayerSeasonFeedItem,
  ProviderFixture,
  ProviderOdds,
  StandingFeedItem,
  TeamStatisticsFeedItem,
} from "../types";
import type {
  ApiEvent,
  ApiFixture,
  ApiFixturePlayers,
  ApiLineup,
  ApiOdds,
  ApiPlayer,
  ApiStandings,
  ApiTeamStatistics,
} from "./schemas";

export type Mapped<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Mapped<T> => ({ ok: true, value });
const rejected = <T>(reason: string): Mapped<T> => ({ ok: false, reason });

/** Records mapped from one item, and the reasons for the parts left out. */
export interface MappedRows<T> {
  rows: T[];
  rejections: string[];
}

/** The API-Football season (the year it starts) as our season code: 2025 → '2526'. */
export function seasonCodeOfYear(year: number): string {
  return seasonCodeFor(new Date(Date.UTC(year, 6, 1)));
}

/** Our season code as the API-Football season: '2526' → 2025. */
export function seasonYearOfCode(code: string): number {
  const match = /^(\d{2})(\d{2})$/.exec(code);
  if (!match || (Number(match[1]) + 1) % 100 !== Number(match[2])) {
    throw new RangeError(`Not a season code like '2526': ${code}`);
  }
  return 2000 + Number(match[1]);
}

function registryTeam(id: number, name: string | null | undefined): Mapped<Team> {
  const team = getTeamById(id);
  if (team) return ok(team);
  return rejected(`unknown team: API-Football team ${id} "${name ?? "?"}" is not in the team registry`);
}

function leagueOf(apiLeagueId: number): Mapped<LeagueKey> {
  const league = leagueByApiFootballId(apiLeagueId);
  return league ? ok(league.key) : rejected(`league ${apiLeagueId} is not one of the five leagues`);
}

const n = (value: number | null | undefined) => value ?? 0;

// ---------------------------------------------------------------------------------------------
// Fixtures

/**
 * API-Football's short status codes. Postponed, cancelled and abandoned matches stay
 * 'pre-match' with their status kept: they have no result to show or settle, and a postponed
 * match is played later under the same fixture id.
 */
const STATE_BY_STATUS: Readonly<Record<string, MatchState>> = {
  TBD: "pre-match",
  NS: "pre-match",
  PST: "pre-match",
  CANC: "pre-match",
  ABD: "pre-match",
  "1H": "live",
  HT: "live",
  "2H": "live",
  ET: "live",
  BT: "live",
  P: "live",
  SUSP: "live",
  INT: "live",
  LIVE: "live",
  FT: "post-match",
  AET: "post-match",
  PEN: "post-match",
  AWD: "post-match",
  WO: "post-match",
};

export function matchStateOf(statusShort: string): MatchState | null {
  return STATE_BY_STATUS[statusShort] ?? null;
}

/** "Regular Season - 24" → 24. */
export function matchweekOfRound(round: string | null | undefined): number | null {
  const match = /^Regular Season\s*-\s*(\d+)$/.exec(round?.trim() ?? "");
  return match ? Number(match[1]) : null;
}

/** Where each period's regular time ends, by status: added time is counted beyond it. */
const PERIOD_END: Readonly<Record<string, number>> = { "1H": 45, HT: 45, "2H": 90, ET: 120, BT: 90, P: 120 };

/**
 * The minute and added time of a live match. The provider gives `elapsed` and, in added time,
 * `extra` (45 + 2 is elapsed 45, extra 2); older answers give 47 in `elapsed` alone, which is
 * read the same way.
 */
export function liveClockOf(status: string, elapsed: number | null | undefined, extra: number | null | undefined) {
  if (elapsed === null || elapsed === undefined) return { minute: null, injuryTime: null };
  const end = PERIOD_END[status];
  if (end !== undefined && elapsed > end) return { minute: end, injuryTime: elapsed - end + n(extra) };
  return { minute: elapsed, injuryTime: extra && extra > 0 ? extra : null };
}

export function mapFixture(api: ApiFixture): Mapped<ProviderFixture> {
  const where = `fixture ${api.fixture.id}`;
  const league = leagueOf(api.league.id);
  if (!league.ok) return rejected(`${where}: ${league.reason}`);
  const home = registryTeam(api.teams.home.id, api.teams.home.name);
  if (!home.ok) return rejected(`${where}: ${home.reason}`);
  const away = registryTeam(api.teams.away.id, api.teams.away.name);
  if (!away.ok) return rejected(`${where}: ${away.reason}`);
  if (home.value.id === away.value.id) return rejected(`${where}: the same team on both sides`);
  const status = api.fixture.status.short;
  const state = matchStateOf(status);
  if (!state) return rejected(`${where}: unknown status "${status}"`);
  const kickoffAt = new Date(api.fixture.timestamp * 1000);
  if (Number.isNaN(kickoffAt.getTime())) return rejected(`${where}: unreadable kick-off time`);
  if (state === "post-match" && (api.goals.home === null || api.goals.away === null)) {
    return rejected(`${where}: finished (${status}) without a score`);
  }

  const started = state !== "pre-match";
  // A live match without goals reported yet stands at 0-0.
  const score = started ? { home: n(api.goals.home), away: n(api.goals.away) } : null;
  const halftime = api.score?.halftime;
  const halfTimeScore =
    started && halftime && halftime.home !== null && halftime.away !== null
      ? { home: halftime.home, away: halftime.away }
      : null;
  const clock =
    state === "live"
      ? liveClockOf(status, api.fixture.status.elapsed, api.fixture.status.extra)
      : { minute: null, injuryTime: null };
  return ok({
    league: league.value,
    season: seasonCodeOfYear(api.league.season),
    apiFootballFixtureId: api.fixture.id,
    matchweek: matchweekOfRound(api.league.round),
    kickoffAt,
    kickoffTimeKnown: status !== "TBD",
    homeTeamId: home.value.id,
    awayTeamId: away.value.id,
    venue: api.fixture.venue?.name?.trim() || null,
    referee: api.fixture.referee?.trim() || null,
    state,
    status,
    minute: clock.minute,
    injuryTime: clock.injuryTime,
    score,
    halfTimeScore,
    statistics: null,
    odds: [],
  });
}

// ---------------------------------------------------------------------------------------------
// Events

/** The teams of the fixture an answer belongs to. */
export interface FixtureSides {
  homeTeamId: number;
  awayTeamId: number;
}

function sideOf(teamId: number, sides: FixtureSides): EventSide | null {
  if (teamId === sides.homeTeamId) return "home";
  if (teamId === sides.awayTeamId) return "away";
  return null;
}

const EVENT_TYPE_BY_LOWER = new Map<string, LiveEventType>(LIVE_EVENT_TYPES.map((type) => [type.toLowerCase(), type]));

export type MappedEvent = Omit<EventFeedItem, "fixture">;

/**
 * One match event. The side is the provider's team of the event: for an 'Own Goal' that is the
 * team of the player who put the ball in his own net, so the goal counts for the other side.
 */
export function mapEvent(api: ApiEvent, sides: FixtureSides): Mapped<MappedEvent> {
  const where = `event at ${api.time.elapsed}'`;
  const type = EVENT_TYPE_BY_LOWER.get(api.type.trim().toLowerCase());
  if (!type) return rejected(`${where}: unknown event type "${api.type}"`);
  const side = sideOf(api.team.id, sides);
  if (!side) return rejected(`${where}: team ${api.team.id} "${api.team.name ?? "?"}" plays on neither side`);
  return ok({
    minute: api.time.elapsed,
    extraMinute: api.time.extra ?? null,
    teamId: api.team.id,
    side,
    type,
    detail: api.detail?.trim() || null,
    playerId: api.player.id ?? null,
    playerName: api.player.name?.trim() || null,
    assistName: api.assist?.name?.trim() || null,
  });
}

// ---------------------------------------------------------------------------------------------
// Lineups

export type MappedLineup = Omit<LineupFeedItem, "fixture">;

const POSITIONS = new Set(["G", "D", "M", "F"]);

function lineupPlayer(entry: ApiLineup["startXI"][number]): LineupPlayer {
  const pos = entry.player.pos?.trim().toUpperCase() ?? null;
  return {
    id: entry.player.id ?? null,
    name: entry.player.name.trim(),
    number: entry.player.number ?? null,
    pos: pos !== null && POSITIONS.has(pos) ? (pos as LineupPlayer["pos"]) : null,
    grid: entry.player.grid ?? null,
  };
}

export function mapLineup(api: ApiLineup, sides: FixtureSides): Mapped<MappedLineup> {
  if (!sideOf(api.team.id, sides)) {
    return rejected(`lineup of team ${api.team.id} "${api.team.name ?? "?"}": plays on neither side`);
  }
  return ok({
    teamId: api.team.id,
    formation: api.formation?.trim() || null,
    coachName: api.coach?.name?.trim() || null,
    startXi: api.startXI.map(lineupPlayer),
    substitutes: api.substitutes.map(lineupPlayer),
  });
}

// ---------------------------------------------------------------------------------------------
// Players

/** "7.361290" → 7.36; null for no rating. */
export function ratingOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const parsed = typeof value === "number" ? value : Number.parseFloat(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || parsed > 10) return null;
  return Math.round(parsed * 100) / 100;
}

/** 85, "68%" or "9" → a whole percentage; null when unreadable. */
export function passAccuracyOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const parsed = typeof value === "number" ? value : Number.parseFloat(value.replace("%", ""));
  return Number.isFinite(parsed) && parsed >= 0 && parsed <= 100 ? Math.round(parsed) : null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function profileOf(api: ApiPlayer["player"], position: string | null): PlayerProfile {
  const birthDate = api.birth?.date ?? null;
  return {
    id: api.id,
    name: api.name.trim(),
    firstname: api.firstname?.trim() || null,
    lastname: api.lastname?.trim() || null,
    nationality: api.nationality?.trim() || null,
    birthDate: birthDate !== null && ISO_DATE.test(birthDate) ? birthDate : null,
    age: api.age ?? null,
    position,
    photo: api.photo ?? null,
  };
}

/**
 * A player's rows for one league season, one per team he played for in it. Entries of other
 * competitions (cups, Europe) are ignored; an entry for a team outside the registry is
 * rejected. The provider has no clean sheets per player, so they stay 0.
 */
export function mapPlayerSeason(api: ApiPlayer, apiLeagueId: number): MappedRows<PlayerSeasonFeedItem> {
  const rows: PlayerSeasonFeedItem[] = [];
  const rejections: string[] = [];
  const league = leagueOf(apiLeagueId);
  if (!league.ok) return { rows, rejections: [`player ${api.player.id}: ${league.reason}`] };
  const entries = api.statistics.filter((entry) => entry.league.id === apiLeagueId && entry.league.season != null);
  const position = entries.find((entry) => entry.games.position)?.games.position ?? null;
  const player = profileOf(api.player, position);
  for (const entry of entries) {
    const team = registryTeam(entry.team.id, entry.team.name);
    if (!team.ok) {
      rejections.push(`player ${api.player.id} "${player.name}": ${team.reason}`);
      continue;
    }
    rows.push({
      player,
      teamId: team.value.id,
      league: league.value,
      season: seasonCodeOfYear(entry.league.season as number),
      position: entry.games.position ?? null,
      appearances: n(entry.games.appearences),
      lineups: n(entry.games.lineups),
      minutes: n(entry.games.minutes),
      goals: n(entry.goals?.total),
      assists: n(entry.goals?.assists),
      shotsTotal: n(entry.shots?.total),
      shotsOn: n(entry.shots?.on),
      passesKey: n(entry.passes?.key),
      passesAccuracy: passAccuracyOf(entry.passes?.accuracy),
      dribblesAttempts: n(entry.dribbles?.attempts),
      dribblesSuccess: n(entry.dribbles?.success),
      tackles: n(entry.tackles?.total),
      yellowCards: n(entry.cards?.yellow),
      // Sendings-off: direct reds and second yellows.
      redCards: n(entry.cards?.red) + n(entry.cards?.yellowred),
      rating: ratingOf(entry.games.rating),
      goalsConceded: n(entry.goals?.conceded),
      cleanSheets: 0,
    });
  }
  if (entries.length === 0)
    rejections.push(`player ${api.player.id} "${player.name}": no statistics for league ${apiLeagueId}`);
  return { rows, rejections };
}

export type MappedPlayerMatch = Omit<PlayerMatchFeedItem, "fixture">;

/**
 * The players of one team who took part in a fixture; unused substitutes (no minutes) had no
 * performance and are left out without a rejection.
 */
export function mapFixturePlayers(api: ApiFixturePlayers, sides: FixtureSides): MappedRows<MappedPlayerMatch> {
  if (!sideOf(api.team.id, sides)) {
    return {
      rows: [],
      rejections: [`player statistics of team ${api.team.id} "${api.team.name ?? "?"}": plays on neither side`],
    };
  }
  const rows: MappedPlayerMatch[] = [];
  for (const { player, statistics } of api.players) {
    const stats = statistics[0];
    const minutes = n(stats.games.minutes);
    if (minutes <= 0) continue;
    rows.push({
      player: {
        id: player.id,
        name: player.name.trim(),
        firstname: null,
        lastname: null,
        nationality: null,
        birthDate: null,
        age: null,
        position: null,
        photo: player.photo ?? null,
      },
      teamId: api.team.id,
      position: stats.games.position?.trim() || null,
      isSubstitute: stats.games.substitute ?? false,
      minutes,
      rating: ratingOf(stats.games.rating),
      goals: n(stats.goals?.total),
      assists: n(stats.goals?.assists),
      shotsTotal: n(stats.shots?.total),
      shotsOn: n(stats.shots?.on),
      passesTotal: n(stats.passes?.total),
      passesKey: n(stats.passes?.key),
      tackles: n(stats.tackles?.total),
      yellowCards: n(stats.cards?.yellow),
      redCards: n(stats.cards?.red),
      saves: n(stats.goals?.saves),
      goalsConceded: n(stats.goals?.conceded),
    });
  }
  return { rows, rejections: [] };
}

// ---------------------------------------------------------------------------------------------
// Standings

const FORM = /^[WDL]+$/;

/**
 * The league table (the first group: a league has one). The provider's standings form lists the
 * most recent match first; the contract's lists it last, so it is reversed.
 */
export function mapStandings(api: ApiStandings, expectedLeague: LeagueKey): MappedRows<StandingFeedItem> {
  const rows: StandingFeedItem[] = [];
  const rejections: string[] = [];
  const league = leagueOf(api.league.id);
  if (!league.ok || league.value !== expectedLeague) {
    return { rows, rejections: [`standings of league ${api.league.id}: not the table of ${expectedLeague}`] };
  }
  for (const entry of api.league.standings[0] ?? []) {
    const team = registryTeam(entry.team.id, entry.team.name);
    if (!team.ok) {
      rejections.push(`standings row ${entry.rank}: ${team.reason}`);
      continue;
    }
    const form = entry.form?.trim().toUpperCase() ?? "";
    rows.push({
      teamId: team.value.id,
      position: entry.rank,
      points: entry.points,
      played: n(entry.all.played),
      won: n(entry.all.win),
      drawn: n(entry.all.draw),
      lost: n(entry.all.lose),
      goalsFor: n(entry.all.goals.for),
      goalsAgainst: n(entry.all.goals.against),
      form: FORM.test(form) ? [...form].reverse().join("") : null,
    });
  }
  return { rows, rejections };
}

// ---------------------------------------------------------------------------------------------
// Teams and team statistics

/** A team of a /teams answer, which must be in the registry. */
export function mapTeam(id: number, name: string): Mapped<Team> {
  return registryTeam(id, name);
}

/** Form shown for a team: its last five results, oldest first. */
const TEAM_FORM_LENGTH = 5;

/**
 * A team's season figures. The provider's form is the whole season in order, oldest first; the
 * last five are kept. It has no over 2.5 or both-teams-scored counts.
 */
export function mapTeamStatistics(api: ApiTeamStatistics): Mapped<TeamStatisticsFeedItem> {
  const league = leagueOf(api.league.id);
  if (!league.ok) return rejected(`team statistics: ${league.reason}`);
  const team = registryTeam(api.team.id, api.team.name);
  if (!team.ok) return rejected(`team statistics: ${team.reason}`);
  const form = api.form?.trim().toUpperCase() ?? "";
  const { played, wins, draws, loses } = api.fixtures;
  return ok({
    teamId: team.value.id,
    league: league.value,
    season: seasonCodeOfYear(api.league.season),
    playedHome: n(played.home),
    playedAway: n(played.away),
    winsHome: n(wins.home),
    winsAway: n(wins.away),
    drawsHome: n(draws.home),
    drawsAway: n(draws.away),
    lossesHome: n(loses.home),
    lossesAway: n(loses.away),
    goalsForHome: n(api.goals.for.total.home),
    goalsForAway: n(api.goals.for.total.away),
    goalsAgainstHome: n(api.goals.against.total.home),
    goalsAgainstAway: n(api.goals.against.total.away),
    cleanSheets: n(api.clean_sheet.total),
    failedToScore: n(api.failed_to_score?.total),
    over25Matches: null,
    bothScoredMatches: null,
    form: FORM.test(form) ? form.slice(-TEAM_FORM_LENGTH) : null,
  });
}

// ---------------------------------------------------------------------------------------------
// Odds

/** API-Football ids of the bookmaker read and of the three markets the product prices. */
export const BET365_BOOKMAKER_ID = 8;
export const BET_IDS = { matchWinner: 1, goalsOverUnder: 5, bothTeamsScore: 8 } as const;

/** Decimal odds the database can hold (numeric(5,2)) and a bookmaker could quote; null otherwise. */
export function priceOf(odd: string | number | undefined): number | null {
  if (odd === undefined || odd === "") return null;
  const parsed = Number(odd);
  return Number.isFinite(parsed) && parsed >= 1.01 && parsed <= 999.99 ? Math.round(parsed * 100) / 100 : null;
}

/**
 * One bookmaker's prices for one fixture, for each of the three markets it quotes. The provider
 * has one pre-match price per market, refreshed until kick-off: before kick-off it is the line on
 * offer ('opening'), from kick-off the price the market closed at ('closing').
 */
export function mapOdds(api: ApiOdds, bookmakerId: number, kind: ProviderOdds["kind"]): MappedRows<ProviderOdds> {
  const rows: ProviderOdds[] = [];
  const rejections: string[] = [];
  const bookmaker = api.bookmakers.find((candidate) => candidate.id === bookmakerId);
  if (!bookmaker) return { rows, rejections };
  const source = bookmaker.name.trim().toLowerCase().replace(/\s+/g, "-");
  const where = `odds of fixture ${api.fixture.id} (${bookmaker.name})`;
  type Bet = (typeof bookmaker.bets)[number];
  const priceIn = (bet: Bet, value: string) =>
    priceOf(bet.values.find((candidate) => String(candidate.value).trim().toLowerCase() === value)?.odd);

  for (const bet of bookmaker.bets) {
    if (bet.id === BET_IDS.matchWinner) {
      const [home, draw, away] = [priceIn(bet, "home"), priceIn(bet, "draw"), priceIn(bet, "away")];
      if (home && draw && away) rows.push({ source, kind, market: "1x2", home, draw, away });
      else rejections.push(`${where}: Match Winner without three valid prices`);
    } else if (bet.id === BET_IDS.goalsOverUnder) {
      const [over, under] = [priceIn(bet, "over 2.5"), priceIn(bet, "under 2.5")];
      if (over && under) rows.push({ source, kind, market: "ou25", over, under });
      else rejections.push(`${where}: Goals Over/Under without valid 2.5 prices`);
    } else if (bet.id === BET_IDS.bothTeamsScore) {
      const [yes, no] = [priceIn(bet, "yes"), priceIn(bet, "no")];
      if (yes && no) rows.push({ source, kind, market: "btts", yes, no });
      else rejections.push(`${where}: Both Teams Score without valid prices`);
    }
  }
  return { rows, rejections };
}
