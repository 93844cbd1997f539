/**
 * The editors' desk: what the Studio reads from the site's JSON API to write a preview.
 *
 * - The fixture list of a league: this week's and next week's fixtures (Monday 00:00 UTC of the
 *   clock's week, 14 days), with the key a preview is written for and whether a published
 *   preview covers it (the Studio adds its drafts).
 * - One fixture's numbers ('Model & data'): the algorithm's pick and calibrated probabilities,
 *   expected goals, the market's odds with the margin taken out, both teams' form, the
 *   head-to-head, the table around the two clubs, the pick on record once it kicked off, and
 *   the algorithm's pick content, so the Studio can apply the resolution order to a draft.
 *
 * Every number comes from the same reads as the match page (getMatchByFixtureKey is the match
 * page's detail), so the Studio shows what the site shows.
 */
import { eq } from "drizzle-orm";
import { matchPreviewDocumentId, matchIdOf } from "@shared/content/ids";
import { clubPickNames, reviewReasons } from "@shared/content/review";
import { isContentSeason } from "@shared/content/rules";
import { editorialPickContent } from "@shared/content/editorial";
import { predictions } from "@shared/db/schema";
import type { LeagueKey } from "@shared/domain/leagues";
import { getTeamById } from "@shared/domain/teams/registry";
import type { LockedPick } from "@shared/domain/resolution";
import { devig } from "@shared/model/devig";
import { DEFAULT_MODEL_OPTIONS } from "@shared/model/options";
import type { EditorFixture, EditorFixtureData, EditorFixtureList, FairOdds } from "@shared/content/editor-desk";
import type { AppContext } from "~/load-context";
import type { MatchCard } from "../match/match-card.server";
import type { MarketOdds } from "../match/match-detail-sections.server";
import type { MatchDetail } from "../match/match-detail.server";
import { listFixturesBetween } from "../match/match-lists.server";
import { getMatchByFixtureKey } from "../match/match-lookups.server";
import { matchweekWindow } from "../match/matchweeks.server";
import { getLeagueTable, type LeagueTableRow } from "../standings/standings.server";
import { matchRecord } from "~/api/resources/matches.server";
import { standingRow } from "~/api/resources/standings.server";
import { predictionPickContent } from "@shared/domain/pick-inputs";

type ReadContext = Pick<AppContext, "db" | "clock" | "content">;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows of the table shown around each of the two clubs. */
const TABLE_CONTEXT = 2;

const keyOf = (card: Pick<MatchCard, "league" | "season" | "home" | "away">) =>
  card.home.slug && card.away.slug && isContentSeason(card.season)
    ? { league: card.league, season: card.season, homeTeam: card.home.slug, awayTeam: card.away.slug }
    : null;

function editorFixtureOf(card: MatchCard, now: Date): EditorFixture {
  const key = keyOf(card);
  return {
    id: card.id,
    league: card.league,
    season: card.season,
    kickoffAt: card.kickoffAt,
    state: card.state,
    kickedOff: card.state !== "pre-match" || new Date(card.kickoffAt).getTime() <= now.getTime(),
    homeTeam: { name: card.home.name, slug: card.home.slug },
    awayTeam: { name: card.away.name, slug: card.away.slug },
    matchId: key && matchIdOf(key),
    previewDocumentId: key && matchPreviewDocumentId(key),
    published: false,
    bestPick: card.resolution.bestPick,
    confidence: card.resolution.confidence,
  };
}

/** This week's and next week's fixtures of a league, earliest first. */
export async function listEditorFixtures(context: ReadContext, league: LeagueKey): Promise<EditorFixtureList> {
  const now = context.clock.now();
  const { from } = matchweekWindow(now);
  const to = new Date(from.getTime() + 14 * DAY_MS);
  const cards = await listFixturesBetween(context, league, from, to);
  const previews = await Promise.all(
    [...new Set(cards.map((card) => card.season))]
      .filter(isContentSeason)
      .map((season) => context.content.listMatchPreviews({ league, season }, { preview: false })),
  );
  const published = new Set(previews.flat().map((doc) => `${doc.season}|${doc.homeTeam}|${doc.awayTeam}`));
  return {
    now: now.toISOString(),
    from: from.toISOString(),
    to: to.toISOString(),
    fixtures: cards.map((card) => ({
      ...editorFixtureOf(card, now),
      published: published.has(`${card.season}|${card.home.slug}|${card.away.slug}`),
    })),
  };
}

/** The market's prices with the margin taken out by the model's method (Shin's). */
export function fairOdds(odds: MarketOdds): FairOdds {
  const method = DEFAULT_MODEL_OPTIONS.devigMethod;
  const market = (prices: (number | null)[]) =>
    prices.every((price): price is number => price !== null) ? devig(prices, method) : null;
  const result = market([odds.home, odds.draw, odds.away]);
  const goals = market([odds.over25, odds.under25]);
  const btts = market([odds.bttsYes, odds.bttsNo]);
  return {
    home: result?.[0] ?? null,
    draw: result?.[1] ?? null,
    away: result?.[2] ?? null,
    over25: goals?.[0] ?? null,
    under25: goals?.[1] ?? null,
    bttsYes: btts?.[0] ?? null,
    bttsNo: btts?.[1] ?? null,
  };
}

/** The table rows around the two clubs (two above and below each), by position. */
export function tableAround(rows: readonly LeagueTableRow[], teamIds: readonly number[]): LeagueTableRow[] {
  const positions = rows.filter((row) => teamIds.includes(row.teamId)).map((row) => row.position);
  return rows.filter((row) => positions.some((position) => Math.abs(row.position - position) <= TABLE_CONTEXT));
}

/** The pick frozen at kick-off, as resolvePick reads it back (the match page's resolution). */
function lockedPickOf(detail: MatchDetail): LockedPick | null {
  const { resolution } = detail;
  if (!resolution.isLocked || resolution.pickSource === null || resolution.pickConfidence === null) return null;
  return {
    bestPick: resolution.bestPick,
    result: resolution.picks.result.code,
    overUnder: resolution.picks.overUnder.code,
    btts: resolution.picks.btts.code,
    confidence: resolution.pickConfidence,
    bttsConfidence: resolution.bttsConfidence,
    projectedScore: resolution.projectedScore,
    source: resolution.pickSource,
  };
}

/** The numbers beside the editor's form for one fixture; null when the site has no such fixture. */
export async function editorFixtureData(
  context: ReadContext,
  key: { league: LeagueKey; season: string; homeTeam: string; awayTeam: string },
): Promise<EditorFixtureData<ReturnType<typeof matchRecord>, ReturnType<typeof standingRow>> | null> {
  const detail = await getMatchByFixtureKey(context, key, false);
  if (!detail) return null;
  const now = context.clock.now();
  const [[prediction], table] = await Promise.all([
    context.db.db.select().from(predictions).where(eq(predictions.fixtureId, detail.id)).limit(1),
    getLeagueTable(context, detail.league, detail.season),
  ]);
  const algorithm = predictionPickContent(prediction);
  const probabilities = detail.probabilities;
  return {
    now: now.toISOString(),
    fixture: { ...editorFixtureOf(detail, now), published: detail.preview !== null },
    match: matchRecord(detail),
    algorithm: algorithm && prediction ? { ...algorithm, modelVersion: prediction.modelVersion } : null,
    fairOdds: detail.odds && fairOdds(detail.odds),
    table: tableAround(table.rows, [detail.home.id, detail.away.id]).map(standingRow),
    locked: lockedPickOf(detail),
    review: detail.preview
      ? reviewReasons({
          editorial: editorialPickContent(detail.preview),
          prediction: algorithm,
          probabilities,
          homeTeam: clubPickNames(detail.home.name, getTeamById(detail.home.id)),
          awayTeam: clubPickNames(detail.away.name, getTeamById(detail.away.id)),
        })
      : [],
  };
}
