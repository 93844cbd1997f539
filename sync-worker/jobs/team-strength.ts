import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { LeagueKey } from "@shared/domain/leagues";
import { seasonBefore, seasonCodeFor } from "@shared/domain/matchweek";
import type { ModelOptions } from "@shared/model";
import { fitPoissonToMarket, marketTargets } from "@shared/model/scoreline-check";
import { teamStrengthSeriesPaced, type StrengthMatch } from "@shared/model/team-strength";
import { TEAM_STRENGTH_VERSION, teamStrengthKey, teamStrengthPayload } from "@shared/model/team-strength-view";
import { modelOptionsOf } from "../model/engine-state";
import { storeReadModel } from "../store/read-models";
import { emptyResult, skipped, throwIfAborted, type JobDb, type JobDefinition } from "./types";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A league's played matches since `since` with the scoring rates its prices implied: the market
 * average's closing prices (its last word), else its opening ones, for 1X2 and over/under 2.5.
 */
/** A played match with its prices (1X2 home, draw, away, then over and under 2.5; null where missing). */
type PricedMatch = Omit<StrengthMatch, "market"> & { prices: Array<number | null> };

async function strengthMatches(db: JobDb, league: LeagueKey, since: string, until: string): Promise<PricedMatch[]> {
  const rows = await db.execute<{
    id: number;
    season: string;
    kickoff_at: string | Date;
    home_team_id: number;
    away_team_id: number;
    home_score: number;
    away_score: number;
    home_shots_on_target: number | null;
    away_shots_on_target: number | null;
    home_price: string | null;
    draw_price: string | null;
    away_price: string | null;
    over_price: string | null;
    under_price: string | null;
  }>(sql`
    select f.id, f.season, f.kickoff_at, f.home_team_id, f.away_team_id, f.home_score, f.away_score,
           f.home_shots_on_target, f.away_shots_on_target,
           coalesce(rc.home_price, ro.home_price) as home_price, coalesce(rc.draw_price, ro.draw_price) as draw_price,
           coalesce(rc.away_price, ro.away_price) as away_price,
           coalesce(oc.over_price, oo.over_price) as over_price, coalesce(oc.under_price, oo.under_price) as under_price
    from fixtures f
    left join fixture_odds rc on rc.fixture_id = f.id and rc.source = 'market-average' and rc.market = '1x2' and rc.kind = 'closing'
    left join fixture_odds ro on ro.fixture_id = f.id and ro.source = 'market-average' and ro.market = '1x2' and ro.kind = 'opening'
    left join fixture_odds oc on oc.fixture_id = f.id and oc.source = 'market-average' and oc.market = 'ou25' and oc.kind = 'closing'
    left join fixture_odds oo on oo.fixture_id = f.id and oo.source = 'market-average' and oo.market = 'ou25' and oo.kind = 'opening'
    where f.league = ${league} and f.match_state = 'post-match' and f.home_score is not null and f.away_score is not null
      and f.kickoff_at >= ${since}::timestamptz and f.kickoff_at < ${until}::timestamptz
    order by f.kickoff_at, f.id`);
  const price = (value: string | null) => (value === null ? null : Number(value));
  return rows.map((r) => ({
    id: String(r.id),
    league,
    season: r.season,
    kickoff: new Date(r.kickoff_at),
    homeTeamId: r.home_team_id,
    awayTeamId: r.away_team_id,
    homeGoals: r.home_score,
    awayGoals: r.away_score,
    homeShotsOnTarget: r.home_shots_on_target,
    awayShotsOnTarget: r.away_shots_on_target,
    prices: [r.home_price, r.draw_price, r.away_price, r.over_price, r.under_price].map(price),
  }));
}

/** The scoring rates the market's prices implied, for the matches with both markets' prices. */
function withMarketRates(matches: readonly PricedMatch[]): StrengthMatch[] {
  return matches.map(({ prices, ...match }) => {
    const known = (values: Array<number | null>) => (values.every((p) => p !== null) ? values : null);
    const target = marketTargets(known(prices.slice(0, 3)), known(prices.slice(3)));
    return { ...match, market: target ? fitPoissonToMarket(target) : null };
  });
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Each league's team strength over this season and the last (shared/model/team-strength.ts): the
 * model's goals rating and the rating the market's prices imply, week by week, stored in
 * read_models under `team-strength:{league}` for the team pages. A league whose matches (results,
 * shots, prices) and week are those of its stored row is skipped before any fit. The fits yield
 * to the event loop after every week (about 10 ms each), so on the embedded default the site
 * sharing the process is not held up.
 */
export function createTeamStrengthJob(options: { modelOptions?: Partial<ModelOptions> } = {}): JobDefinition {
  const modelOptions = modelOptionsOf(options.modelOptions);
  return {
    name: "team-strength",
    description: "Each club's strength over this season and the last, by the model and by the market's prices",
    cadence: { description: "every 6 hours", cron: ["50 */6 * * *"], everyMs: 6 * 60 * 60_000 },
    transactional: false,
    async run(ctx) {
      const now = ctx.clock.now();
      const season = seasonCodeFor(now);
      const seasons = [seasonBefore(season), season];
      const until = now.toISOString();
      // The model weighs results over its whole window before the first week shown.
      const since = new Date(
        Date.UTC(2000 + Number(seasons[0].slice(0, 2)), 6, 1) - modelOptions.windowDays * DAY_MS,
      ).toISOString();
      const result = emptyResult();
      const unchanged: LeagueKey[] = [];
      const computed: LeagueKey[] = [];
      for (const league of ctx.settings.leagues) {
        throwIfAborted(ctx.signal);
        const matches = await strengthMatches(ctx.db, league, since, until);
        result.rowsRead += matches.length;
        if (!matches.some((m) => seasons.includes(m.season))) continue;
        // The week counts: a new week adds a point even without a new result.
        const week = Math.floor(now.getTime() / (7 * DAY_MS));
        const fingerprint = sha256(
          JSON.stringify({
            version: TEAM_STRENGTH_VERSION,
            seasons,
            week,
            options: modelOptions,
            matches: matches.map((m) => [
              m.id,
              m.kickoff.getTime(),
              m.homeGoals,
              m.awayGoals,
              m.homeShotsOnTarget,
              m.awayShotsOnTarget,
              m.prices,
            ]),
          }),
        );
        const source = `${seasons.join(", ")}: ${matches.length} matches; inputs:${fingerprint}`;
        const [stored] = await ctx.db.execute<{ inputs: string }>(
          sql`select inputs from read_models where key = ${teamStrengthKey(league)}`,
        );
        if (stored?.inputs.startsWith(`${source};`)) {
          unchanged.push(league);
          continue;
        }
        const series = await teamStrengthSeriesPaced(
          { league, matches: withMarketRates(matches), seasons, until: now.getTime(), options: modelOptions },
          async () => {
            throwIfAborted(ctx.signal);
            await nextTurn();
          },
        );
        result.rowsWritten += await storeReadModel(
          ctx.db,
          teamStrengthKey(league),
          teamStrengthPayload(league, seasons, series),
          source,
        );
        computed.push(league);
      }
      if (computed.length === 0 && unchanged.length === 0) return skipped("no played matches of the seasons shown yet");
      return {
        ...result,
        reason: `${computed.length} leagues computed; ${unchanged.length} unchanged`,
        details: { computed, unchanged },
      };
    },
  };
}
