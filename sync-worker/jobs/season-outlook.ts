import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import { getTeamById } from "@shared/domain/teams/registry";
import type { ModelOptions } from "@shared/model";
import { matchStakesPayload } from "@shared/model/match-stakes";
import { OUTLOOK_RATING_SIGMA, OUTLOOK_SEASONS, outlookSeed, type SeasonOutlook } from "@shared/model/season-outlook";
import { SEASON_OUTLOOK_VERSION, seasonOutlookKey, seasonOutlookPayload } from "@shared/model/season-outlook-view";
import { fitStateKey, modelOptionsOf } from "../model/engine-state";
import { simulateOutlooksInThread } from "../model/outlook-client";
import type { OutlookLeagueInput, RemainingFixture } from "../model/outlook-messages";
import { readEngineStates } from "../store/engine-states";
import { storeReadModel } from "../store/read-models";
import { seasonResults, seasonTeamIds } from "../store/results";
import { emptyResult, skipped, throwIfAborted, type JobDb, type JobDefinition } from "./types";

/** Fixtures of a league season not finished as of `at`, with the stored forecast's expected goals. */
async function remainingFixtures(
  db: JobDb,
  league: LeagueKey,
  season: string,
  at: string,
): Promise<RemainingFixture[]> {
  const rows = await db.execute<{
    id: number;
    home_team_id: number;
    away_team_id: number;
    expected_goals_home: number | string | null;
    expected_goals_away: number | string | null;
    upcoming: boolean;
  }>(sql`
    select f.id, f.home_team_id, f.away_team_id, p.expected_goals_home, p.expected_goals_away,
           f.kickoff_at > ${at}::timestamptz as upcoming
    from fixtures f left join predictions p on p.fixture_id = f.id
    where f.league = ${league} and f.season = ${season}
      and not (f.match_state = 'post-match' and f.home_score is not null and f.away_score is not null and f.kickoff_at < ${at}::timestamptz)
      and coalesce(f.status, '') not in ('CANC')
    order by f.kickoff_at, f.id`);
  return rows.map((r) => {
    const expectedGoals =
      r.expected_goals_home === null || r.expected_goals_away === null
        ? null
        : { home: Number(r.expected_goals_home), away: Number(r.expected_goals_away) };
    return {
      fixtureId: r.id,
      homeTeamId: r.home_team_id,
      awayTeamId: r.away_team_id,
      expectedGoals,
      // The stakes of every match still to kick off with a forecast: the next two weeks'.
      stakes: r.upcoming && expectedGoals !== null,
    };
  });
}

/** Replaces the league's stored match stakes with those of this simulation. */
async function storeMatchStakes(
  db: JobDb,
  league: LeagueKey,
  input: OutlookLeagueInput,
  outlook: SeasonOutlook,
): Promise<number> {
  await db.execute(sql`delete from match_stakes where league = ${league}`);
  const rows = outlook.stakes.map((stakes) => ({
    fixture_id: input.remaining[stakes.index].fixtureId,
    importance: Number(stakes.importance.toFixed(4)),
    payload: matchStakesPayload(stakes, outlook),
  }));
  if (rows.length === 0) return 0;
  const written = await db.execute(sql`
    insert into match_stakes (fixture_id, league, importance, payload)
    select t.fixture_id, ${league}, t.importance, t.payload
    from json_to_recordset(${JSON.stringify(rows)}::json) as t(fixture_id int, importance double precision, payload jsonb)
    returning 1`);
  return written.length;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The season outlook of each league (shared/model/season-outlook.ts): the rest of the clock's
 * season simulated OUTLOOK_SEASONS times from the results so far, the stored forecasts of the
 * next two weeks and the engine's stored ratings beyond them, stored in read_models under
 * `season-outlook:{league}`, with what each upcoming match with a forecast means for its clubs
 * (match_stakes, shared/model/match-stakes.ts). A league whose inputs (results, fixtures left, forecasts, the fit
 * the ratings come from, the simulation's settings) are those of its stored outlook is skipped
 * before any simulation. The simulations run in their own thread, off the web server's.
 */
export function createSeasonOutlookJob(options: { modelOptions?: Partial<ModelOptions> } = {}): JobDefinition {
  const modelOptions = modelOptionsOf(options.modelOptions);
  const fitKey = fitStateKey(modelOptions);
  return {
    name: "season-outlook",
    description:
      "Each league's season outlook: the rest of the season simulated 20,000 times (title, European places, relegation)",
    cadence: { description: "after predictions, and hourly", cron: ["40 * * * *"], everyMs: 60 * 60_000 },
    transactional: false,
    async run(ctx) {
      const now = ctx.clock.now();
      const at = now.toISOString();
      const season = seasonCodeFor(now);
      const result = emptyResult();
      const [fitRow] = await ctx.db.execute<{ fitted_through: string }>(
        sql`select fitted_through from engine_states where key = ${fitKey}`,
      );
      const fitThrough = fitRow?.fitted_through ?? null;

      const wanted: Array<{ input: OutlookLeagueInput; source: string }> = [];
      const unchanged: LeagueKey[] = [];
      const empty: LeagueKey[] = [];
      for (const league of ctx.settings.leagues) {
        throwIfAborted(ctx.signal);
        const results = (await seasonResults(ctx.db, league, season)).filter(
          (r) => r.kickoffAt.getTime() < now.getTime(),
        );
        const remaining = await remainingFixtures(ctx.db, league, season, at);
        result.rowsRead += results.length + remaining.length;
        if (results.length + remaining.length === 0) {
          empty.push(league);
          continue;
        }
        const teams = (await seasonTeamIds(ctx.db, league, season)).sort((a, b) => a - b);
        const input: OutlookLeagueInput = {
          league,
          season,
          teams,
          teamNames: Object.fromEntries(teams.map((id) => [id, getTeamById(id)?.name ?? ""])),
          results: results.map((r) => ({
            homeTeamId: r.homeTeamId,
            awayTeamId: r.awayTeamId,
            homeGoals: r.homeGoals,
            awayGoals: r.awayGoals,
          })),
          remaining,
        };
        const needsFit = remaining.some((f) => f.expectedGoals === null);
        const fingerprint = sha256(
          JSON.stringify({
            version: SEASON_OUTLOOK_VERSION,
            seasons: OUTLOOK_SEASONS,
            sigma: OUTLOOK_RATING_SIGMA,
            seed: outlookSeed(league),
            fit: needsFit ? fitThrough : null,
            ...input,
          }),
        );
        const source = `${season}: ${results.length} results, ${remaining.length} fixtures left; inputs:${fingerprint}`;
        const [stored] = await ctx.db.execute<{ inputs: string }>(
          sql`select inputs from read_models where key = ${seasonOutlookKey(league)}`,
        );
        if (stored?.inputs.startsWith(`${source};`)) unchanged.push(league);
        else wanted.push({ input, source });
      }
      if (wanted.length === 0) {
        if (unchanged.length === 0) return skipped("no fixtures of the current season stored yet");
        return { ...result, reason: `inputs unchanged for ${unchanged.join(", ")}` };
      }

      const fit = wanted.some((w) => w.input.remaining.some((f) => f.expectedGoals === null))
        ? ((await readEngineStates(ctx.db, [fitKey])).get(fitKey)?.payload ?? null)
        : null;
      const started = performance.now();
      const outcomes = await simulateOutlooksInThread(
        { fit, options: modelOptions, leagues: wanted.map((w) => w.input) },
        ctx.signal,
      );
      const simulationMs = Math.round(performance.now() - started);
      throwIfAborted(ctx.signal);

      const skippedLeagues: Record<string, string> = {};
      await ctx.db.transaction(async (tx) => {
        for (const outcome of outcomes) {
          const { input, source } = wanted.find((w) => w.input.league === outcome.league)!;
          if ("skipped" in outcome) {
            skippedLeagues[outcome.league] = outcome.skipped;
            continue;
          }
          const payload = seasonOutlookPayload(outcome.outlook, season, input.results.length);
          result.rowsWritten += await storeReadModel(tx, seasonOutlookKey(outcome.league), payload, source);
          result.rowsWritten += await storeMatchStakes(tx, outcome.league, input, outcome.outlook);
        }
      });
      for (const [league, reason] of Object.entries(skippedLeagues))
        ctx.log.info(`season outlook of ${league} not computed: ${reason}`);
      return {
        ...result,
        reason: `${wanted.length - Object.keys(skippedLeagues).length} leagues simulated (${OUTLOOK_SEASONS} seasons each) in ${simulationMs} ms; ${unchanged.length} unchanged`,
        details: { simulationMs, unchanged, empty, skipped: skippedLeagues },
      };
    },
  };
}
