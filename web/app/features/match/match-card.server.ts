/**
 * The match card, the read model of a match in every list of matches, and the pick inputs it is
 * resolved from. Every pick, score and confidence a page shows goes through resolvePick
 * (shared/domain/resolution.ts) with three inputs: the editorial match preview (drafts in
 * preview, published otherwise), the algorithm's stored prediction, and the ledger row frozen
 * at kick-off.
 */
import { eq, getTableColumns } from "drizzle-orm";
import type { MatchPreview } from "@shared/content/documents";
import { editorialPickContent, previewKey, previewsByMatch } from "@shared/content/editorial";
import { isContentSeason } from "@shared/content/rules";
import { anyOf, preparedQuery } from "@shared/db/prepared-queries";
import { matchStakes, pickLedger, predictions } from "@shared/db/schema";
import type { LeagueKey } from "@shared/domain/leagues";
import { pickProbability, type OutcomeProbabilities } from "@shared/domain/parlay-probability";
import { predictionPickContent } from "@shared/domain/pick-inputs";
import type { MatchState, PickOutcome } from "@shared/domain/picks";
import { lockablePick, resolvePick, type Resolution } from "@shared/domain/resolution";
import { lockedPickFromLedger, type LedgerPickRow } from "@shared/ledger/locked-pick";
import { liveMatchProbability, preMatchForecast, type LiveProbabilityNow } from "@shared/model/live-match-probability";
import { hrefOf, teamsOf, type CardFixtureRow, type MatchTeam, type ReadContext } from "./match-rows.server";

export interface MatchCard {
  id: number;
  league: LeagueKey;
  season: string;
  href: string;
  kickoffAt: string;
  state: MatchState;
  /** The provider's short status (NS, 1H, HT, FT, PST...). */
  status: string | null;
  /** API-Football's fixture id; null for matches known only from the CSV files. */
  apiFootballFixtureId: number | null;
  minute: number | null;
  injuryTime: number | null;
  home: MatchTeam;
  away: MatchTeam;
  homeScore: number | null;
  awayScore: number | null;
  resolution: Resolution;
  /** The confidence of the effective pick (the locked one once kicked off), which ranks the cards. */
  pickConfidence: number;
  /** The model's probability, 0 to 1, that the best pick lands; null when the model has no number for it. */
  bestPickProbability: number | null;
  /** While in play: the win probability now from the score and the prediction's expected goals (cards read no events, so no red cards). */
  liveProbability: LiveProbabilityNow | null;
  /**
   * How much the match decides for its clubs' title, Champions League and relegation chances
   * (0 to 2, shared/model/match-stakes.ts); null without stakes (played, or beyond the forecasts).
   */
  importance: number | null;
}

/**
 * A prediction as cards and lists read it: every column but the scoreline grid, which only the
 * match page shows (it asks for it in the same statement, `withScoreGrid`).
 */
type PredictionRow = Omit<typeof predictions.$inferSelect, "scoreGrid"> & {
  scoreGrid?: number[] | null;
  /** The match's stakes (match_stakes), read in the same statement; the payload only for the match page. */
  importance: number | null;
  stakes?: unknown;
};
const { scoreGrid, ...predictionColumns } = getTableColumns(predictions);
const cardPredictionColumns = { ...predictionColumns, importance: matchStakes.importance };
type LedgerRow = LedgerPickRow & { fixtureId: number; outcome: PickOutcome | null };

/** The engine's outcome probabilities of a stored prediction. */
function outcomeProbabilities(row: PredictionRow | undefined): OutcomeProbabilities | null {
  return row
    ? { home: row.probHome, draw: row.probDraw, away: row.probAway, over25: row.probOver25, btts: row.probBtts }
    : null;
}

export interface PickInputs {
  predictions: Map<number, PredictionRow>;
  ledger: Map<number, LedgerRow[]>;
  previews: Map<string, MatchPreview>;
}

export function pickInputs(
  context: ReadContext,
  rows: readonly CardFixtureRow[],
  preview: boolean,
  options: { withScoreGrid?: boolean } = {},
): Promise<PickInputs> {
  return pickInputsOf(
    context,
    rows.map((row) => row.fixture.id),
    rows.map((row) => row.fixture),
    preview,
    options,
  );
}

/** The pick inputs of fixtures by id, `seasons` naming their leagues' seasons (for the previews): two statements. */
export async function pickInputsOf(
  { db, content }: ReadContext,
  ids: readonly number[],
  seasons: readonly { league: LeagueKey; season: string }[],
  preview: boolean,
  { withScoreGrid = false }: { withScoreGrid?: boolean } = {},
): Promise<PickInputs> {
  if (ids.length === 0) return { predictions: new Map(), ledger: new Map(), previews: new Map() };
  const seasonsByLeague = new Set(seasons.map((s) => `${s.league}|${s.season}`));
  // Statements built once, the ids in one array (@shared/db/prepared-queries).
  const values = { ids: [...ids] };
  const [predictionRows, ledgerRows, previewLists] = await Promise.all([
    preparedQuery(db.db, `pick-inputs:predictions:${withScoreGrid ? "grid" : "card"}`, (d) =>
      d
        .select(
          withScoreGrid ? { ...cardPredictionColumns, scoreGrid, stakes: matchStakes.payload } : cardPredictionColumns,
        )
        .from(predictions)
        .leftJoin(matchStakes, eq(matchStakes.fixtureId, predictions.fixtureId))
        .where(anyOf(predictions.fixtureId, "ids", "integer")),
    ).execute(values) as Promise<PredictionRow[]>,
    preparedQuery(db.db, "pick-inputs:ledger", (d) =>
      d
        .select({
          fixtureId: pickLedger.fixtureId,
          pickKind: pickLedger.pickKind,
          pick: pickLedger.pick,
          confidence: pickLedger.confidence,
          source: pickLedger.source,
          market: pickLedger.market,
          selection: pickLedger.selection,
          outcome: pickLedger.outcome,
        })
        .from(pickLedger)
        .where(anyOf(pickLedger.fixtureId, "ids", "integer")),
    ).execute(values),
    Promise.all(
      [...seasonsByLeague].map((key) => {
        const [league, season] = key.split("|") as [LeagueKey, string];
        return isContentSeason(season)
          ? content.listMatchPreviews({ season, league }, { preview })
          : Promise.resolve([]);
      }),
    ),
  ]);
  const ledger = new Map<number, LedgerRow[]>();
  for (const row of ledgerRows) ledger.set(row.fixtureId, [...(ledger.get(row.fixtureId) ?? []), row]);
  const previews = previewsByMatch(previewLists.flat());
  return { predictions: new Map(predictionRows.map((row) => [row.fixtureId, row])), ledger, previews };
}

/** A stored prediction as the forecast the live win probability starts from. */
function predictionForecastFields(row: PredictionRow) {
  return {
    home: row.probHome,
    draw: row.probDraw,
    away: row.probAway,
    over25: row.probOver25,
    btts: row.probBtts,
    expectedGoalsHome: row.expectedGoalsHome,
    expectedGoalsAway: row.expectedGoalsAway,
  };
}

/** A fixture's pick as its card ranks it: the editorial and engine picks, the one a card shows before kick-off, the locked one. */
function pickOf(row: CardFixtureRow, inputs: PickInputs) {
  const { fixture } = row;
  const preview = inputs.previews.get(previewKey(fixture.league, fixture.season, row.homeSlug, row.awaySlug)) ?? null;
  const editorial = editorialPickContent(preview);
  const predictionRow = inputs.predictions.get(fixture.id);
  const prediction = predictionPickContent(predictionRow);
  const effective = lockablePick({ editorial, prediction });
  const ledger = inputs.ledger.get(fixture.id);
  const locked = ledger ? lockedPickFromLedger(ledger, effective?.projectedScore ?? null) : null;
  return { preview, editorial, predictionRow, prediction, effective, locked };
}

/** What byPickConfidence ranks a card by, without the rest of the card (the score, the resolution, the live chances). */
export function cardRankOf(
  row: CardFixtureRow,
  inputs: PickInputs,
): Pick<MatchCard, "id" | "kickoffAt" | "pickConfidence"> {
  const { effective, locked } = pickOf(row, inputs);
  return {
    id: row.fixture.id,
    kickoffAt: row.fixture.kickoffAt.toISOString(),
    pickConfidence: (locked ?? effective)?.confidence ?? 0,
  };
}

export function cardOf(row: CardFixtureRow, inputs: PickInputs): { card: MatchCard; preview: MatchPreview | null } {
  const { fixture } = row;
  const { home, away } = teamsOf(row);
  const { preview, editorial, predictionRow, prediction, effective, locked } = pickOf(row, inputs);
  const score =
    fixture.homeScore !== null && fixture.awayScore !== null
      ? { home: fixture.homeScore, away: fixture.awayScore }
      : null;
  const resolution = resolvePick({
    match: {
      state: fixture.matchState,
      homeTeam: home.name,
      awayTeam: away.name,
      finalScore: fixture.matchState === "post-match" ? score : null,
      liveScore: fixture.matchState === "live" ? score : null,
    },
    editorial,
    prediction,
    locked,
  });
  const card: MatchCard = {
    id: fixture.id,
    league: fixture.league,
    season: fixture.season,
    href: hrefOf(row),
    kickoffAt: fixture.kickoffAt.toISOString(),
    state: fixture.matchState,
    status: fixture.status,
    apiFootballFixtureId: fixture.apiFootballFixtureId,
    minute: fixture.liveMinute,
    injuryTime: fixture.injuryTime,
    home,
    away,
    homeScore: fixture.homeScore,
    awayScore: fixture.awayScore,
    resolution,
    pickConfidence: (locked ?? effective)?.confidence ?? 0,
    bestPickProbability: pickProbability(
      resolution.bestPick,
      home.name,
      away.name,
      outcomeProbabilities(predictionRow),
    ),
    liveProbability: liveMatchProbability(
      { ...fixture, state: fixture.matchState, minute: fixture.liveMinute, events: [] },
      preMatchForecast(predictionRow && predictionForecastFields(predictionRow)),
    ),
    importance: fixture.matchState === "pre-match" ? (predictionRow?.importance ?? null) : null,
  };
  return { card, preview };
}

/** Ranking of match lists: the effective pick's confidence, highest first; kick-off breaks ties. */
export function byPickConfidence(
  a: Pick<MatchCard, "id" | "kickoffAt" | "pickConfidence">,
  b: Pick<MatchCard, "id" | "kickoffAt" | "pickConfidence">,
): number {
  return b.pickConfidence - a.pickConfidence || a.kickoffAt.localeCompare(b.kickoffAt) || a.id - b.id;
}
