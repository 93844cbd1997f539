import { backfillJob } from "./backfill";
import { fixturesAndOddsJob } from "./fixtures-and-odds";
import { leaderboardsJob } from "./leaderboards";
import { lineupsJob } from "./lineups";
import { liveJob } from "./live";
import { liveEventsJob } from "./live-events";
import { lockPicksJob } from "./lock-picks";
import { matchOfTheWeekJob } from "./match-of-the-week";
import { createOddsCheckJob } from "./odds-check";
import { performanceJob } from "./performance";
import { playerMatchStatsJob } from "./player-match-stats";
import { playerStatsJob } from "./player-stats";
import { createPredictionsJob } from "./predictions";
import { referenceDataJob } from "./reference-data";
import { resultsJob } from "./results";
import { createSeasonOutlookJob } from "./season-outlook";
import { settlePicksJob } from "./settle-picks";
import { createTeamStrengthJob } from "./team-strength";
import { standingsJob } from "./standings";
import { teamStatisticsJob } from "./team-statistics";
import type { JobDefinition } from "./types";

/**
 * Every job of the worker, in the order a worker runs them once at start-up: reference data
 * first (everything points at it), then match data, then what is derived from it.
 */
export function createJobCatalog(): JobDefinition[] {
  return [
    referenceDataJob,
    backfillJob,
    fixturesAndOddsJob,
    resultsJob,
    liveJob,
    liveEventsJob,
    lineupsJob,
    standingsJob,
    teamStatisticsJob,
    playerStatsJob,
    playerMatchStatsJob,
    leaderboardsJob,
    createPredictionsJob(),
    createSeasonOutlookJob(),
    createTeamStrengthJob(),
    lockPicksJob,
    settlePicksJob,
    performanceJob,
    matchOfTheWeekJob,
    createOddsCheckJob(),
  ];
}
