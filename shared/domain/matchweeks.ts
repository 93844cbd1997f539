/**
 * A league season's matchweeks as a fan counts them: "Matchweek 12" is the league's 12th round.
 * The football-data files carry no round numbers (the stored `matchweek` of a CSV fixture is the
 * weeks since 1 August), so the rounds are read from the schedule itself
 * (docs/decisions/008-matchweeks.md):
 *
 * - Each club's matches in kick-off order are its 1st, 2nd, 3rd... match of the season. A match
 *   between two clubs at the same count n is played as round n; round n's centre is the median
 *   kick-off of those matches. A club with a game in hand is one behind until it plays it, so
 *   its matches meanwhile simply do not vote.
 * - Every match belongs to the matchweek whose centre is nearest its kick-off: a postponed or
 *   rescheduled match appears in the week it is played.
 * - A match played more than MOVED_AFTER_MS from its matchweek's centre (a weekend round's
 *   Friday to Monday stays within it) was moved from its original date and is marked so; so is,
 *   when a club appears twice in a matchweek (a postponed match played in a midweek round's
 *   days), the match whose two clubs both appear twice, or else the one further from the centre.
 */

export interface ScheduledMatch {
  id: number;
  kickoffAt: Date;
  homeTeamId: number;
  awayTeamId: number;
}

export interface MatchweekPlacement {
  matchweek: number;
  /** Played away from its round's dates: postponed, brought forward or rescheduled. */
  moved: boolean;
}

export interface LeagueSchedule {
  /** The league's rounds in a season (2 × (teams − 1)). */
  matchweeks: number;
  /** Each round's centre: the median kick-off of the matches played as that round; absent while unknown. */
  centres: ReadonlyMap<number, Date>;
  /** Where each match is shown. */
  placements: ReadonlyMap<number, MatchweekPlacement>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Two and a half days: a weekend round from Friday evening to Monday evening stays within it. */
export const MOVED_AFTER_MS = 2.5 * DAY_MS;

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The matchweeks of one league season from its fixtures (postponed ones included, at their current date). */
export function leagueSchedule(matches: readonly ScheduledMatch[], matchweeks: number): LeagueSchedule {
  const ordered = [...matches].sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.id - b.id);
  const played = new Map<number, number>();
  const votes = new Map<number, number[]>();
  for (const match of ordered) {
    const home = (played.get(match.homeTeamId) ?? 0) + 1;
    const away = (played.get(match.awayTeamId) ?? 0) + 1;
    played.set(match.homeTeamId, home);
    played.set(match.awayTeamId, away);
    if (home === away && home <= matchweeks) {
      votes.set(home, [...(votes.get(home) ?? []), match.kickoffAt.getTime()]);
    }
  }
  const centres = new Map<number, Date>();
  for (const [round, times] of [...votes].sort(([a], [b]) => a - b)) centres.set(round, new Date(median(times)));

  const rounds = [...centres];
  const placements = new Map<number, MatchweekPlacement>();
  for (const match of ordered) {
    const time = match.kickoffAt.getTime();
    let nearest: [number, Date] | undefined;
    for (const round of rounds) {
      // Ties go to the later round: a match halfway between two rounds is the later one's, brought forward.
      if (!nearest || Math.abs(round[1].getTime() - time) <= Math.abs(nearest[1].getTime() - time)) nearest = round;
    }
    if (!nearest) continue;
    placements.set(match.id, { matchweek: nearest[0], moved: Math.abs(nearest[1].getTime() - time) > MOVED_AFTER_MS });
  }
  // A club shown twice in one matchweek played a moved match in it. When neither is marked yet,
  // the moved one is the match whose two clubs both appear twice (each also plays its own match
  // of the round), else the one further from the round's centre.
  const byWeekAndClub = new Map<string, ScheduledMatch[]>();
  const keyOf = (week: number, team: number) => `${week}|${team}`;
  for (const match of ordered) {
    const week = placements.get(match.id)?.matchweek;
    if (week === undefined) continue;
    for (const team of [match.homeTeamId, match.awayTeamId]) {
      byWeekAndClub.set(keyOf(week, team), [...(byWeekAndClub.get(keyOf(week, team)) ?? []), match]);
    }
  }
  for (const [key, shown] of byWeekAndClub) {
    if (shown.length < 2 || shown.some((match) => placements.get(match.id)!.moved)) continue;
    const week = Number(key.split("|")[0]);
    const centre = centres.get(week)!.getTime();
    const bothTwice = (match: ScheduledMatch) =>
      [match.homeTeamId, match.awayTeamId].every((team) => (byWeekAndClub.get(keyOf(week, team))?.length ?? 0) > 1)
        ? 1
        : 0;
    const [mostLikelyMoved] = [...shown].sort(
      (a, b) =>
        bothTwice(b) - bothTwice(a) ||
        Math.abs(b.kickoffAt.getTime() - centre) - Math.abs(a.kickoffAt.getTime() - centre) ||
        b.id - a.id,
    );
    placements.get(mostLikelyMoved.id)!.moved = true;
  }
  return { matchweeks, centres, placements };
}

/** The ids of the matches shown in a matchweek. */
export function matchesOfMatchweek(schedule: LeagueSchedule, matchweek: number): number[] {
  return [...schedule.placements].filter(([, placement]) => placement.matchweek === matchweek).map(([id]) => id);
}

export interface MatchweekNeighbours {
  /** The matchweeks whose centre falls in the window (a midweek round and a weekend round can share a week). */
  current: number[];
  previous: number | null;
  next: number | null;
}

/**
 * The matchweeks around a window of time (the league page's Monday-to-Monday week): those
 * played in it, the last one before it and the first one after it. A round not yet scheduled
 * follows the last known one.
 */
export function matchweeksAround(schedule: LeagueSchedule, window: { from: Date; to: Date }): MatchweekNeighbours {
  const current: number[] = [];
  let previous: number | null = null;
  let next: number | null = null;
  for (const [round, centre] of schedule.centres) {
    if (centre < window.from) previous = previous === null ? round : Math.max(previous, round);
    else if (centre >= window.to) next = next === null ? round : Math.min(next, round);
    else current.push(round);
  }
  if (next === null) {
    const lastKnown = Math.max(0, ...schedule.centres.keys());
    if (lastKnown < schedule.matchweeks) next = lastKnown + 1;
  }
  return { current: current.sort((a, b) => a - b), previous, next };
}

/**
 * A league season's schedule as the worker stores it in read_models
 * (`league-schedule:{league}:{season}`, written whenever the season's fixtures change), so a
 * page reads one small row instead of the season's fixtures: the round centres and each
 * fixture's matchweek and moved mark, exactly what leagueSchedule returns.
 */
export const LEAGUE_SCHEDULE_VERSION = 1;

export const leagueScheduleKey = (league: string, season: string) => `league-schedule:${league}:${season}`;

export interface StoredLeagueSchedule {
  version: typeof LEAGUE_SCHEDULE_VERSION;
  league: string;
  season: string;
  matchweeks: number;
  /** [round, centre as an ISO instant], rounds in order. */
  centres: [number, string][];
  /** [fixture id, matchweek, 1 when moved else 0], in kick-off order. */
  placements: [number, number, 0 | 1][];
}

export function storedLeagueSchedule(league: string, season: string, schedule: LeagueSchedule): StoredLeagueSchedule {
  return {
    version: LEAGUE_SCHEDULE_VERSION,
    league,
    season,
    matchweeks: schedule.matchweeks,
    centres: [...schedule.centres].map(([round, centre]) => [round, centre.toISOString()]),
    placements: [...schedule.placements].map(([id, placement]) => [id, placement.matchweek, placement.moved ? 1 : 0]),
  };
}

const isInteger = (value: unknown): value is number => Number.isInteger(value);

/**
 * The schedule a stored row holds, or null when it is not one of this league season (another
 * version, another league's count of rounds, a damaged row): the caller then computes it.
 */
export function parseStoredLeagueSchedule(
  value: unknown,
  league: string,
  season: string,
  matchweeks: number,
): LeagueSchedule | null {
  if (typeof value !== "object" || value === null) return null;
  const stored = value as Partial<StoredLeagueSchedule>;
  if (
    stored.version !== LEAGUE_SCHEDULE_VERSION ||
    stored.league !== league ||
    stored.season !== season ||
    stored.matchweeks !== matchweeks
  ) {
    return null;
  }
  if (!Array.isArray(stored.centres) || !Array.isArray(stored.placements)) return null;
  const centres = new Map<number, Date>();
  for (const entry of stored.centres as unknown[]) {
    if (!Array.isArray(entry) || !isInteger(entry[0]) || typeof entry[1] !== "string") return null;
    const centre = new Date(entry[1]);
    if (Number.isNaN(centre.getTime())) return null;
    centres.set(entry[0], centre);
  }
  const placements = new Map<number, MatchweekPlacement>();
  for (const entry of stored.placements as unknown[]) {
    if (!Array.isArray(entry) || !isInteger(entry[0]) || !isInteger(entry[1])) return null;
    placements.set(entry[0], { matchweek: entry[1], moved: entry[2] === 1 });
  }
  return { matchweeks, centres, placements };
}
