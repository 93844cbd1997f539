import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { LeagueKey } from "../../shared/domain/leagues";
import { getTeamById } from "../../shared/domain/teams/registry";
import { emptyResult, skipped, type JobDb, type JobDefinition } from "./types";

/**
 * The prediction engine's entry point (shared/model): `predictMatches({ history, upcoming, asOf,
 * previousFit })`, pure, returning `{ fit, predictions }`. The worker loads it when it is there;
 * until then every run is recorded as skipped, so its absence shows in the run log.
 */
const ENGINE_MODULE = new URL("../../shared/model/index.ts", import.meta.url);

/** The shapes the worker exchanges with the engine (the engine's own types may say more). */
interface EngineMatch {
  id: string;
  league: LeagueKey;
  season: string;
  kickoff: Date;
  homeTeamId: number;
  awayTeamId: number;
  resultOdds: { home: number; draw: number; away: number } | null;
  overUnderOdds: { over: number; under: number } | null;
}
interface EnginePlayedMatch extends EngineMatch {
  homeGoals: number;
  awayGoals: number;
  homeShotsOnTarget: number | null;
  awayShotsOnTarget: number | null;
}
interface EngineUpcomingMatch extends EngineMatch {
  homeTeam: string;
  awayTeam: string;
}
interface EnginePick {
  text: string;
  confidence: number;
  odds: number | null;
}
interface EnginePrediction {
  matchId: string;
  modelVersion: string;
  probabilities: { home: number; draw: number; away: number; over25: number; btts: number };
  expectedGoals: { home: number; away: number };
  projectedScore: { home: number; away: number };
  picks: {
    result: EnginePick & { code: "1" | "X" | "2" };
    overUnder: EnginePick;
    btts: EnginePick & { code: "YES" | "NO" };
  };
  bestPick: EnginePick;
  confidence: number;
}
interface PredictionEngine {
  predictMatches(input: {
    history: EnginePlayedMatch[];
    upcoming: EngineUpcomingMatch[];
    asOf: Date;
    previousFit?: unknown;
  }): { fit: unknown; predictions: EnginePrediction[] };
}

async function loadEngine(location: URL): Promise<PredictionEngine | null> {
  if (!existsSync(fileURLToPath(location))) return null;
  const module = (await import(location.href)) as Partial<PredictionEngine>;
  return typeof module.predictMatches === "function" ? (module as PredictionEngine) : null;
}

/** Matches predicted ahead of kick-off. */
const HORIZON_DAYS = 14;

interface MatchRow {
  id: number;
  league: LeagueKey;
  season: string;
  kickoff_at: string | Date;
  home_team_id: number;
  away_team_id: number;
  home_score: number | null;
  away_score: number | null;
  home_shots_on_target: number | null;
  away_shots_on_target: number | null;
  home_price: string | null;
  draw_price: string | null;
  away_price: string | null;
  over_price: string | null;
  under_price: string | null;
}

/** Matches with their pre-match market-average prices (never closing prices: not known before kick-off). */
async function matches(db: JobDb, where: ReturnType<typeof sql>): Promise<MatchRow[]> {
  return db.execute<MatchRow>(sql`
    select f.id, f.league, f.season, f.kickoff_at, f.home_team_id, f.away_team_id, f.home_score, f.away_score,
           f.home_shots_on_target, f.away_shots_on_target,
           r.home_price, r.draw_price, r.away_price, o.over_price, o.under_price
    from fixtures f
    left join fixture_odds r on r.fixture_id = f.id and r.source = 'market-average' and r.market = '1x2' and r.kind = 'opening'
    left join fixture_odds o on o.fixture_id = f.id and o.source = 'market-average' and o.market = 'ou25' and o.kind = 'opening'
    where ${where}
    order by f.kickoff_at, f.id`);
}

function engineMatch(row: MatchRow): EngineMatch {
  const price = (value: string | null) => (value === null ? null : Number(value));
  const [home, draw, away, over, under] = [row.home_price, row.draw_price, row.away_price, row.over_price, row.under_price].map(price);
  return {
    id: String(row.id),
    league: row.league,
    season: row.season,
    kickoff: new Date(row.kickoff_at),
    homeTeamId: row.home_team_id,
    awayTeamId: row.away_team_id,
    resultOdds: home !== null && draw !== null && away !== null ? { home, draw, away } : null,
    overUnderOdds: over !== null && under !== null ? { over, under } : null,
  };
}

/**
 * Predicts every match of the next two weeks and stores the engine's probabilities, picks,
 * projected score and confidence. A prediction is replaced until kick-off; the ledger is never
 * touched here.
 */
export function createPredictionsJob(options: { engineModule?: URL } = {}): JobDefinition {
  const engineModule = options.engineModule ?? ENGINE_MODULE;
  // The engine's fit warm-starts the next run of this process.
  let previousFit: unknown = null;
  return {
    name: "predictions",
    description: "The prediction engine's forecasts for the matches of the next two weeks",
    cadence: { description: "hourly, after fixtures and results", cron: ["20 * * * *"], everyMs: 60 * 60_000 },
    transactional: false,
    async run(ctx) {
      const engine = await loadEngine(engineModule);
      if (!engine) {
        return skipped(`no prediction engine (${path.relative(process.cwd(), fileURLToPath(engineModule))} with predictMatches is not there yet)`);
      }
      const now = ctx.clock.now();
      const asOf = now.toISOString();
      const played = await matches(
        ctx.db,
        sql`f.match_state = 'post-match' and f.home_score is not null and f.away_score is not null and f.kickoff_at < ${asOf}::timestamptz`,
      );
      const upcoming = await matches(
        ctx.db,
        sql`f.match_state = 'pre-match' and f.kickoff_at > ${asOf}::timestamptz
            and f.kickoff_at <= ${asOf}::timestamptz + make_interval(days => ${HORIZON_DAYS})`,
      );
      const name = (id: number) => getTeamById(id)?.name ?? `Team #${id}`;
      const { fit, predictions } = engine.predictMatches({
        history: played.map((row) => ({
          ...engineMatch(row),
          homeGoals: row.home_score!,
          awayGoals: row.away_score!,
          homeShotsOnTarget: row.home_shots_on_target,
          awayShotsOnTarget: row.away_shots_on_target,
        })),
        upcoming: upcoming.map((row) => ({ ...engineMatch(row), homeTeam: name(row.home_team_id), awayTeam: name(row.away_team_id) })),
        asOf: now,
        previousFit,
      });
      previousFit = fit;
      const records = predictions.map((p) => ({
        fixture_id: Number(p.matchId),
        model_version: p.modelVersion,
        prob_home: p.probabilities.home,
        prob_draw: p.probabilities.draw,
        prob_away: p.probabilities.away,
        prob_over25: p.probabilities.over25,
        prob_btts: p.probabilities.btts,
        expected_goals_home: p.expectedGoals.home,
        expected_goals_away: p.expectedGoals.away,
        projected_home_score: p.projectedScore.home,
        projected_away_score: p.projectedScore.away,
        result_pick: p.picks.result.code,
        over_under_pick: p.picks.overUnder.text,
        btts_pick: p.picks.btts.code,
        best_pick: p.bestPick.text,
        confidence: p.confidence,
        result_confidence: p.picks.result.confidence,
        over_under_confidence: p.picks.overUnder.confidence,
        btts_confidence: p.picks.btts.confidence,
        best_pick_odds: p.bestPick.odds,
        result_odds: p.picks.result.odds,
        over_under_odds: p.picks.overUnder.odds,
        btts_odds: p.picks.btts.odds,
      }));
      const written = await ctx.db.transaction(async (tx) => {
        if (records.length === 0) return 0;
        const columns = Object.keys(records[0]);
        const types: Record<string, string> = { model_version: "text", result_pick: "text", over_under_pick: "text", btts_pick: "text", best_pick: "text" };
        const updated = columns.filter((c) => c !== "fixture_id");
        const rows = await tx.execute(sql`
          insert into predictions (${sql.raw(columns.join(", "))}, predicted_at)
          select ${sql.raw(columns.map((c) => `t.${c}`).join(", "))}, ${asOf}::timestamptz
          from json_to_recordset(${JSON.stringify(records)}::json)
            as t(${sql.raw(columns.map((c) => `${c} ${types[c] ?? (c === "fixture_id" || c.startsWith("projected") ? "int" : "double precision")}`).join(", "))})
          join fixtures f on f.id = t.fixture_id and f.kickoff_at > ${asOf}::timestamptz
          on conflict (fixture_id) do update set ${sql.raw(updated.map((c) => `${c} = excluded.${c}`).join(", "))}, predicted_at = excluded.predicted_at
          where (${sql.raw(updated.map((c) => `predictions.${c}`).join(", "))}) is distinct from (${sql.raw(updated.map((c) => `excluded.${c}`).join(", "))})
          returning 1`);
        return rows.length;
      });
      return { ...emptyResult(), rowsRead: played.length + upcoming.length, rowsWritten: written, next: ["match-of-the-week"] };
    },
  };
}
