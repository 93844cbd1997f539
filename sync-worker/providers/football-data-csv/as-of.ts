/**
 * A match from a football-data file as it stood at a moment. Before kick-off only what was known
 * before kick-off: no score, no statistics, no referee, opening odds only. From kick-off the
 * closing odds (they are the last prices before it). While it is being played (in a replay,
 * where the file already has the result): live, with the minute from the match clock and only
 * the score the data knows by then, 0-0 until minute 45, the half-time score from minute 45, the
 * final score at the whistle. A match the file has no result for is scheduled until it has one:
 * the CSV source cannot tell a live score it does not have.
 */
import { matchweekFor } from "@shared/domain/matchweek";
import { matchClockAt, type MatchClockReading } from "../match-clock";
import type { ProviderFixture } from "../types";
import type { FootballDataMatch } from "./parse";

const NOT_STARTED: MatchClockReading = {
  phase: "not-started",
  status: "NS",
  minute: null,
  injuryTime: null,
  halfTimeKnown: false,
};

export function fixtureAsOf(match: FootballDataMatch, now: Date): ProviderFixture {
  const clock = match.fullTime ? matchClockAt(match.kickoffAt, now) : NOT_STARTED;
  const base = {
    league: match.league,
    season: match.season,
    apiFootballFixtureId: null,
    matchweek: matchweekFor(match.kickoffAt),
    kickoffAt: match.kickoffAt,
    kickoffTimeKnown: match.kickoffTimeKnown,
    homeTeamId: match.homeTeamId,
    awayTeamId: match.awayTeamId,
    venue: null,
  };
  const kickedOff = now.getTime() >= match.kickoffAt.getTime();
  const odds = kickedOff ? match.odds : match.odds.filter((price) => price.kind === "opening");

  switch (clock.phase) {
    case "not-started":
      return {
        ...base,
        referee: null,
        state: "pre-match",
        status: "NS",
        minute: null,
        injuryTime: null,
        score: null,
        halfTimeScore: null,
        statistics: null,
        odds,
      };
    case "finished":
      return {
        ...base,
        referee: match.referee,
        state: "post-match",
        status: "FT",
        minute: null,
        injuryTime: null,
        score: match.fullTime,
        halfTimeScore: match.halfTime,
        statistics: match.statistics,
        odds,
      };
    default: {
      // The half-time score is what the data knows from minute 45; a file without one knows only the final score.
      const liveScore = clock.halfTimeKnown && match.halfTime ? match.halfTime : { home: 0, away: 0 };
      return {
        ...base,
        referee: match.referee,
        state: "live",
        status: clock.status,
        minute: clock.minute,
        injuryTime: clock.injuryTime,
        score: liveScore,
        halfTimeScore: clock.phase === "first-half" ? null : match.halfTime,
        statistics: null,
        odds,
      };
    }
  }
}
