/**
 * API-Football's fixtures, match events and lineups → the provider contract's records: a match
 * with its state, live clock and score, one event of a match with the side it counts for, and a
 * team's lineup. Pure, like every mapper (mappers.ts).
 */
import {
  LIVE_EVENT_TYPES,
  type EventSide,
  type LineupPlayer,
  type LiveEventType,
  type MatchState,
} from "@shared/db/schema";
import type { EventFeedItem, LineupFeedItem, ProviderFixture } from "../types";
import { leagueOf, n, ok, registryTeam, rejected, seasonCodeOfYear, type Mapped } from "./mappers";
import type { ApiEvent, ApiFixture, ApiLineup } from "./schemas";

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

export function sideOf(teamId: number, sides: FixtureSides): EventSide | null {
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
