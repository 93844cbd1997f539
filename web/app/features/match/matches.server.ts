/**
 * Read models of matches for the league and match pages. Every pick, score and confidence a
 * page shows goes through resolvePick (shared/domain/resolution.ts) with three inputs: the
 * editorial match preview (drafts in preview, published otherwise), the algorithm's stored
 * prediction, and the ledger row frozen at kick-off.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MatchPreview } from "@shared/content/documents";
import { editorialPickContent, previewKey, previewsByMatch } from "@shared/content/editorial";
import { isContentSeason } from "@shared/content/rules";
import { fixtureOdds, fixtures, lineups, liveEvents, liveProbabilityTicks, pickLedger, predictions, teams } from "@shared/db/schema";
import type { LineupPlayer } from "@shared/db/schema/fixtures";
import { goalsFromTeamView, resultPill, type ResultPill } from "@shared/domain/form";
import { formatUpdatedAgo, teamNameOrFallback } from "@shared/domain/format";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor, weekWindow } from "@shared/domain/matchweek";
import {
  leagueSchedule,
  leagueScheduleKey,
  matchesOfMatchweek,
  matchweeksAround,
  parseStoredLeagueSchedule,
  type LeagueSchedule,
} from "@shared/domain/matchweeks";
import { pickProbability, type OutcomeProbabilities } from "@shared/domain/parlay-probability";
import { predictionPickContent } from "@shared/domain/pick-inputs";
import type { MatchState, PickOutcome } from "@shared/domain/picks";
import { lockablePick, resolvePick, type Resolution } from "@shared/domain/resolution";
import { matchUrl, matchUrlById } from "@shared/domain/urls";
import { lockedPickFromLedger, type LedgerPickRow } from "@shared/ledger/locked-pick";
import {
  liveMatchProbability,
  preMatchForecast,
  type LiveProbabilityNow,
  type PreMatchForecast,
} from "@shared/model/live-match-probability";
import { inMatchOrder, type LiveProbabilityTick } from "@shared/model/live-probability-history";
import type { AppContext } from "~/load-context";
import { readModelRow } from "~/read-models.server";

type ReadContext = Pick<AppContext, "db" | "clock" | "content">;

export interface MatchTeam {
  id: number;
  name: string;
  slug: string | null;
  /** The club's 3-letter code. */
  code: string | null;
}

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
}


/**
 * The matchweek window of the league pages: Monday 00:00 UTC of the clock's week to the next
 * Monday, so a weekend round and the midweek round before it show together, and a round stays
 * on the page with its results until the week turns.
 */
export const matchweekWindow = weekWindow;

const homeTeams = alias(teams, "home_team");
const awayTeams = alias(teams, "away_team");

const fixtureColumns = {
  fixture: fixtures,
  homeName: homeTeams.name,
  homeSlug: homeTeams.slug,
  homeCode: homeTeams.code,
  awayName: awayTeams.name,
  awaySlug: awayTeams.slug,
  awayCode: awayTeams.code,
};

type FixtureRow = Awaited<ReturnType<typeof selectFixtures>>[number];

function selectFixtures({ db }: Pick<AppContext, "db">) {
  return db.db
    .select(fixtureColumns)
    .from(fixtures)
    .leftJoin(homeTeams, eq(homeTeams.id, fixtures.homeTeamId))
    .leftJoin(awayTeams, eq(awayTeams.id, fixtures.awayTeamId));
}

function teamsOf(row: FixtureRow): { home: MatchTeam; away: MatchTeam } {
  return {
    home: {
      id: row.fixture.homeTeamId,
      name: teamNameOrFallback(row.homeName, row.fixture.homeTeamId),
      slug: row.homeSlug,
      code: row.homeCode,
    },
    away: {
      id: row.fixture.awayTeamId,
      name: teamNameOrFallback(row.awayName, row.fixture.awayTeamId),
      slug: row.awaySlug,
      code: row.awayCode,
    },
  };
}

function hrefOf(row: FixtureRow): string {
  return row.homeSlug && row.awaySlug
    ? matchUrl(row.fixture.league, row.homeSlug, row.awaySlug)
    : matchUrlById(row.fixture.id);
}

type PredictionRow = typeof predictions.$inferSelect;
type LedgerRow = LedgerPickRow & { fixtureId: number; outcome: PickOutcome | null };

/** The engine's outcome probabilities of a stored prediction. */
function outcomeProbabilities(row: PredictionRow | undefined): OutcomeProbabilities | null {
  return row ? { home: row.probHome, draw: row.probDraw, away: row.probAway, over25: row.probOver25, btts: row.probBtts } : null;
}

interface PickInputs {
  predictions: Map<number, PredictionRow>;
  ledger: Map<number, LedgerRow[]>;
  previews: Map<string, MatchPreview>;
}

function pickInputs(context: ReadContext, rows: readonly FixtureRow[], preview: boolean): Promise<PickInputs> {
  return pickInputsOf(
    context,
    rows.map((row) => row.fixture.id),
    rows.map((row) => row.fixture),
    preview,
  );
}

/** The pick inputs of fixtures by id, `seasons` naming their leagues' seasons (for the previews): two statements. */
async function pickInputsOf(
  { db, content }: ReadContext,
  ids: readonly number[],
  seasons: readonly { league: LeagueKey; season: string }[],
  preview: boolean,
): Promise<PickInputs> {
  if (ids.length === 0) return { predictions: new Map(), ledger: new Map(), previews: new Map() };
  const seasonsByLeague = new Set(seasons.map((s) => `${s.league}|${s.season}`));
  const [predictionRows, ledgerRows, previewLists] = await Promise.all([
    db.db.select().from(predictions).where(inArray(predictions.fixtureId, [...ids])),
    db.db
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
      .where(inArray(pickLedger.fixtureId, [...ids])),
    Promise.all(
      [...seasonsByLeague].map((key) => {
        const [league, season] = key.split("|") as [LeagueKey, string];
        return isContentSeason(season) ? content.listMatchPreviews({ season, league }, { preview }) : [];
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

function cardOf(row: FixtureRow, inputs: PickInputs): { card: MatchCard; preview: MatchPreview | null } {
  const { fixture } = row;
  const { home, away } = teamsOf(row);
  const preview = inputs.previews.get(previewKey(fixture.league, fixture.season, row.homeSlug, row.awaySlug)) ?? null;
  const editorial = editorialPickContent(preview);
  const predictionRow = inputs.predictions.get(fixture.id);
  const prediction = predictionPickContent(predictionRow);
  const effective = lockablePick({ editorial, prediction });
  const ledger = inputs.ledger.get(fixture.id);
  const locked = ledger ? lockedPickFromLedger(ledger, effective?.projectedScore ?? null) : null;
  const score =
    fixture.homeScore !== null && fixture.awayScore !== null ? { home: fixture.homeScore, away: fixture.awayScore } : null;
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
    bestPickProbability: pickProbability(resolution.bestPick, home.name, away.name, outcomeProbabilities(predictionRow)),
    liveProbability: liveMatchProbability(
      { ...fixture, state: fixture.matchState, minute: fixture.liveMinute, events: [] },
      preMatchForecast(predictionRow && predictionForecastFields(predictionRow)),
    ),
  };
  return { card, preview };
}

/**
 * The league page's matches: the league's fixtures in the clock's matchweek window, ranked by
 * the confidence of their effective pick (highest first; kick-off breaks ties).
 */
export async function listLeagueMatches(context: ReadContext, league: LeagueKey, preview: boolean): Promise<MatchCard[]> {
  return (await listWeekMatches(context, [league], preview)).get(league) ?? [];
}

/**
 * The matches of several leagues in the clock's matchweek window, each league's ranked like
 * listLeagueMatches: three statements whatever the number of leagues (home page, /picks).
 */
export async function listWeekMatches(
  context: ReadContext,
  leagues: readonly LeagueKey[],
  preview: boolean,
): Promise<Map<LeagueKey, MatchCard[]>> {
  const { from, to } = matchweekWindow(context.clock.now());
  const rows =
    leagues.length === 0
      ? []
      : await selectFixtures(context)
          .where(
            and(
              leagues.length === 1 ? eq(fixtures.league, leagues[0]) : inArray(fixtures.league, [...leagues]),
              eq(fixtures.isActive, true),
              gte(fixtures.kickoffAt, from),
              lt(fixtures.kickoffAt, to),
            ),
          )
          .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id));
  const inputs = await pickInputs(context, rows, preview);
  const byLeague = new Map<LeagueKey, MatchCard[]>(leagues.map((league) => [league, []]));
  for (const row of rows) byLeague.get(row.fixture.league)?.push(cardOf(row, inputs).card);
  for (const cards of byLeague.values()) cards.sort(byPickConfidence);
  return byLeague;
}

/**
 * Every league's matches kicking off in [from, to) in kick-off order (the day pages, /today):
 * three statements, the fixtures then their predictions and ledger rows.
 */
export async function listMatchesBetween(context: ReadContext, from: Date, to: Date, preview: boolean): Promise<MatchCard[]> {
  const rows = await selectFixtures(context)
    .where(and(eq(fixtures.isActive, true), gte(fixtures.kickoffAt, from), lt(fixtures.kickoffAt, to)))
    .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id));
  const inputs = await pickInputs(context, rows, preview);
  return rows.map((row) => cardOf(row, inputs).card);
}

/** A match card of a matchweek page: the best pick's HIT/MISS is the ledger's settlement. */
export interface MatchweekCard extends MatchCard {
  /** Played away from its round's dates (postponed, brought forward, rescheduled). */
  moved: boolean;
}

export interface MatchweekMatches {
  schedule: LeagueSchedule;
  /** The matches shown in the matchweek, ranked like the league page's. */
  matches: MatchweekCard[];
}

/**
 * A league season's rounds: the schedule the worker stored with the season's fixtures
 * (store/league-schedules.ts), one small row; until it has stored one (a fresh database), the
 * rounds are computed here from the season's fixtures, so the pages work either way. The row is
 * read with any other read model the page asks for at the same time (read-models.server.ts).
 */
export async function getLeagueSchedule(context: Pick<AppContext, "db">, league: LeagueKey, season: string): Promise<LeagueSchedule> {
  const { matchweeks } = LEAGUES[league];
  const row = await readModelRow(context, leagueScheduleKey(league, season));
  const stored = row ? parseStoredLeagueSchedule(row.payload, league, season, matchweeks) : null;
  if (stored) return stored;
  const rows = await context.db.db
    .select({ id: fixtures.id, kickoffAt: fixtures.kickoffAt, homeTeamId: fixtures.homeTeamId, awayTeamId: fixtures.awayTeamId })
    .from(fixtures)
    .where(and(eq(fixtures.league, league), eq(fixtures.season, season), eq(fixtures.isActive, true)));
  return leagueSchedule(rows, matchweeks);
}

/**
 * The matches of one round of a league season (shared/domain/matchweeks.ts), ranked like the
 * league page: the season's stored schedule (one statement) names the round's fixtures, then
 * those fixtures, their predictions and their ledger rows are read by id together. A
 * kicked-off match shows the pick locked at kick-off and the outcome the ledger settled it with,
 * never one worked out again here; without a ledger row it shows no HIT or MISS.
 */
export async function listMatchweekMatches(
  context: ReadContext,
  league: LeagueKey,
  season: string,
  matchweek: number,
  preview: boolean,
): Promise<MatchweekMatches> {
  const schedule = await getLeagueSchedule(context, league, season);
  const ids = matchesOfMatchweek(schedule, matchweek);
  const [rows, inputs] = await Promise.all([
    ids.length === 0 ? [] : selectFixtures(context).where(and(inArray(fixtures.id, ids), eq(fixtures.isActive, true))),
    pickInputsOf(context, ids, [{ league, season }], preview),
  ]);
  const matches = rows.map((row): MatchweekCard => {
    const { card } = cardOf(row, inputs);
    const settled: PickOutcome =
      inputs.ledger.get(row.fixture.id)?.find((entry) => entry.pickKind === "best")?.outcome ?? "pending";
    const best = { ...card.resolution.picks.best, outcome: card.state === "pre-match" ? "pending" : settled };
    return {
      ...card,
      resolution: { ...card.resolution, picks: { ...card.resolution.picks, best } },
      moved: schedule.placements.get(row.fixture.id)?.moved ?? false,
    };
  });
  return { schedule, matches: matches.sort(byPickConfidence) };
}

/** The Monday after a week: a weekend round's last match may be on its evening. */
const ROUND_MONDAY_MS = 24 * 60 * 60 * 1000;

/**
 * The league page's matches, ranked like listLeagueMatches, with the season's rounds for its
 * links to this week's and the neighbouring matchweeks. The week is the round(s) the page names
 * ('This week: Round 25'): every match of those rounds, one on the Monday after the window
 * included, and any other match of the window still to be played or moved into it; a finished
 * match of an earlier round (last Monday's) is on its own matchweek's page, not here. The
 * stored schedule, then the fixtures, their predictions and ledger rows.
 */
export async function listLeagueWeek(
  context: ReadContext,
  league: LeagueKey,
  season: string,
  preview: boolean,
): Promise<{ matches: MatchCard[]; schedule: LeagueSchedule }> {
  const schedule = await getLeagueSchedule(context, league, season);
  const window = matchweekWindow(context.clock.now());
  const current = new Set(matchweeksAround(schedule, window).current);
  // A weekend round ends on Monday evening, after the Monday-to-Monday window.
  const roundEnd = new Date(window.to.getTime() + ROUND_MONDAY_MS);
  const rows = (
    await selectFixtures(context)
      .where(and(eq(fixtures.league, league), eq(fixtures.isActive, true), gte(fixtures.kickoffAt, window.from), lt(fixtures.kickoffAt, roundEnd)))
      .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id))
  ).filter((row) => {
    const placement = schedule.placements.get(row.fixture.id);
    const ofThisRound = placement !== undefined && current.has(placement.matchweek);
    if (row.fixture.kickoffAt >= window.to) return ofThisRound;
    return ofThisRound || !placement || placement.moved || row.fixture.matchState !== "post-match";
  });
  const inputs = await pickInputs(context, rows, preview);
  const matches = rows.map((row) => cardOf(row, inputs).card).sort(byPickConfidence);
  return { matches, schedule };
}

/** Ranking of match lists: the effective pick's confidence, highest first; kick-off breaks ties. */
export function byPickConfidence(a: MatchCard, b: MatchCard): number {
  return b.pickConfidence - a.pickConfidence || a.kickoffAt.localeCompare(b.kickoffAt) || a.id - b.id;
}

export interface MarketOdds {
  home: number | null;
  draw: number | null;
  away: number | null;
  over25: number | null;
  under25: number | null;
  bttsYes: number | null;
  bttsNo: number | null;
  source: string | null;
}

export interface FormEntry {
  kickoffAt: string;
  isHome: boolean;
  opponent: string;
  result: ResultPill;
  /** From the team's side, e.g. '2-1'. */
  score: string;
  teamGoals: number | null;
  opponentGoals: number | null;
}

export interface HeadToHeadEntry {
  kickoffAt: string;
  home: string;
  away: string;
  score: string;
}

export interface MatchEvent {
  minute: number;
  extraMinute: number | null;
  side: "home" | "away";
  type: "Goal" | "Card";
  detail: string | null;
  player: string | null;
  assist: string | null;
}

/** A team's most recent lineup: this match's once announced, else its last match's. */
export interface TeamLineup {
  teamId: number;
  /** The match the lineup is from. */
  fixtureId: number;
  formation: string | null;
  coach: string | null;
  startXi: LineupPlayer[];
  /** Spec 5: "Lineups show at most the first 7 substitutes". */
  substitutes: LineupPlayer[];
  kickoffAt: string;
  opponent: string;
}

export const LINEUP_BENCH_LIMIT = 7;

export interface MatchProbabilities {
  home: number;
  draw: number;
  away: number;
  over25: number;
  btts: number;
  expectedGoalsHome: number;
  expectedGoalsAway: number;
  modelVersion: string;
}

export interface MatchDetail extends MatchCard {
  venue: string | null;
  referee: string | null;
  /** When the worker last wrote the provider's live data. */
  lastApiUpdate: string | null;
  leagueName: string;
  odds: MarketOdds | null;
  probabilities: MatchProbabilities | null;
  form: { home: FormEntry[]; away: FormEntry[] };
  lineups: { home: TeamLineup | null; away: TeamLineup | null };
  headToHead: HeadToHeadEntry[];
  events: MatchEvent[];
  /** The live win probability through the match as the worker recorded it, in match order; empty before kick-off. */
  liveProbabilityHistory: LiveProbabilityTick[];
  /** 'Updated Ns ago' for a live match with a provider update time. */
  updatedAgo: string | null;
  /** The milliseconds behind that text, from which the browser counts on between refreshes. */
  updatedAgoMs: number | null;
  stats: { label: string; home: number | null; away: number | null }[];
  preview: MatchPreview | null;
}

const FORM_LIMIT = 5;
const HEAD_TO_HEAD_LIMIT = 5;

async function marketOdds({ db }: Pick<AppContext, "db">, fixtureId: number): Promise<MarketOdds | null> {
  const rows = await db.db.select().from(fixtureOdds).where(eq(fixtureOdds.fixtureId, fixtureId));
  if (rows.length === 0) return null;
  // The pre-match market the picks were made against: the market average when there is one.
  const pick = (market: "1x2" | "ou25" | "btts") =>
    rows
      .filter((row) => row.market === market)
      .sort(
        (a, b) =>
          Number(b.source === "market-average") - Number(a.source === "market-average") ||
          Number(b.kind === "opening") - Number(a.kind === "opening"),
      )[0];
  const result = pick("1x2");
  const goals = pick("ou25");
  const btts = pick("btts");
  return {
    home: result?.homePrice ?? null,
    draw: result?.drawPrice ?? null,
    away: result?.awayPrice ?? null,
    over25: goals?.overPrice ?? null,
    under25: goals?.underPrice ?? null,
    bttsYes: btts?.yesPrice ?? null,
    bttsNo: btts?.noPrice ?? null,
    source: (result ?? goals ?? btts)?.source ?? null,
  };
}

/** A team's last five finished matches before a moment, newest first. */
async function recentForm(context: Pick<AppContext, "db">, teamId: number, before: Date): Promise<FormEntry[]> {
  const rows = await selectFixtures(context)
    .where(
      and(
        or(eq(fixtures.homeTeamId, teamId), eq(fixtures.awayTeamId, teamId)),
        eq(fixtures.matchState, "post-match"),
        lt(fixtures.kickoffAt, before),
      ),
    )
    .orderBy(desc(fixtures.kickoffAt))
    .limit(FORM_LIMIT);
  return rows.map((row) => {
    const isHome = row.fixture.homeTeamId === teamId;
    const { home, away } = teamsOf(row);
    const { teamGoals, opponentGoals } = goalsFromTeamView(isHome, row.fixture.homeScore, row.fixture.awayScore);
    return {
      kickoffAt: row.fixture.kickoffAt.toISOString(),
      isHome,
      opponent: isHome ? away.name : home.name,
      result: resultPill(teamGoals, opponentGoals),
      score: `${teamGoals ?? "-"}-${opponentGoals ?? "-"}`,
      teamGoals: teamGoals ?? null,
      opponentGoals: opponentGoals ?? null,
    };
  });
}

/** The moment a match's lineups and form are read up to: its own fixture (its lineup counts) and kick-off. */
export interface MatchReference {
  fixtureId: number | null;
  kickoffAt: Date;
}

const referenceOf = (row: FixtureRow): MatchReference => ({ fixtureId: row.fixture.id, kickoffAt: row.fixture.kickoffAt });

async function recentLineup(
  context: Pick<AppContext, "db">,
  teamId: number,
  reference: MatchReference,
): Promise<TeamLineup | null> {
  const upToReference = lt(fixtures.kickoffAt, reference.kickoffAt);
  const [found] = await context.db.db
    .select({ ...fixtureColumns, lineup: lineups })
    .from(fixtures)
    .innerJoin(lineups, and(eq(lineups.fixtureId, fixtures.id), eq(lineups.teamId, teamId)))
    .leftJoin(homeTeams, eq(homeTeams.id, fixtures.homeTeamId))
    .leftJoin(awayTeams, eq(awayTeams.id, fixtures.awayTeamId))
    .where(reference.fixtureId === null ? upToReference : or(eq(fixtures.id, reference.fixtureId), upToReference))
    .orderBy(desc(fixtures.kickoffAt))
    .limit(1);
  if (!found) return null;
  const { lineup } = found;
  const { home, away } = teamsOf(found);
  return {
    teamId,
    fixtureId: found.fixture.id,
    formation: lineup.formation,
    coach: lineup.coachName,
    startXi: lineup.startXi,
    substitutes: lineup.substitutes.slice(0, LINEUP_BENCH_LIMIT),
    kickoffAt: found.fixture.kickoffAt.toISOString(),
    opponent: found.fixture.homeTeamId === teamId ? away.name : home.name,
  };
}

async function headToHead(context: Pick<AppContext, "db">, row: FixtureRow): Promise<HeadToHeadEntry[]> {
  const { homeTeamId, awayTeamId, kickoffAt } = row.fixture;
  const rows = await selectFixtures(context)
    .where(
      and(
        or(
          and(eq(fixtures.homeTeamId, homeTeamId), eq(fixtures.awayTeamId, awayTeamId)),
          and(eq(fixtures.homeTeamId, awayTeamId), eq(fixtures.awayTeamId, homeTeamId)),
        ),
        eq(fixtures.matchState, "post-match"),
        lt(fixtures.kickoffAt, kickoffAt),
      ),
    )
    .orderBy(desc(fixtures.kickoffAt))
    .limit(HEAD_TO_HEAD_LIMIT);
  return rows.map((meeting) => {
    const { home, away } = teamsOf(meeting);
    return {
      kickoffAt: meeting.fixture.kickoffAt.toISOString(),
      home: home.name,
      away: away.name,
      score: `${meeting.fixture.homeScore ?? "-"}-${meeting.fixture.awayScore ?? "-"}`,
    };
  });
}

/**
 * Goals and cards in match order. Spec 4: "Live goal events are dropped for a side if its count
 * exceeds the goals in the live score" (a goal the provider later disallows stays in its feed).
 */
async function matchEvents(
  { db }: Pick<AppContext, "db">,
  fixtureId: number,
  score: { home: number | null; away: number | null },
): Promise<MatchEvent[]> {
  const rows = await db.db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.fixtureId, fixtureId), inArray(liveEvents.type, ["Goal", "Card"])))
    .orderBy(asc(liveEvents.minute), sql`${liveEvents.extraMinute} asc nulls first`, asc(liveEvents.id));
  const goalsOf = (side: "home" | "away") => rows.filter((row) => row.type === "Goal" && row.side === side).length;
  const tooMany = {
    home: score.home === null || goalsOf("home") > score.home,
    away: score.away === null || goalsOf("away") > score.away,
  };
  return rows
    .filter((row) => !(row.type === "Goal" && tooMany[row.side]))
    .map((row) => ({
      minute: row.minute,
      extraMinute: row.extraMinute,
      side: row.side,
      type: row.type as "Goal" | "Card",
      detail: row.detail,
      player: row.playerName,
      assist: row.assistName,
    }));
}

/** 'Updated Ns ago' and the elapsed time it is made from, or nulls. */
function updatedAgoOf(elapsedMs: number | null): Pick<MatchDetail, "updatedAgo" | "updatedAgoMs"> {
  if (elapsedMs === null) return { updatedAgo: null, updatedAgoMs: null };
  const ms = Math.max(0, elapsedMs);
  return { updatedAgo: formatUpdatedAgo(ms), updatedAgoMs: ms };
}

/** What a match record says beyond its card without further reads. */
export type MatchSummary = MatchCard &
  Pick<
    MatchDetail,
    "venue" | "referee" | "lastApiUpdate" | "leagueName" | "probabilities" | "updatedAgo" | "updatedAgoMs" | "stats" | "preview"
  >;

function summaryOf(context: ReadContext, row: FixtureRow, inputs: PickInputs): MatchSummary {
  const { card, preview: matchPreview } = cardOf(row, inputs);
  const { fixture } = row;
  const prediction = inputs.predictions.get(fixture.id);
  const stat = (label: string, home: number | null, away: number | null) => ({ label, home, away });
  return {
    ...card,
    venue: fixture.venue,
    referee: fixture.referee,
    lastApiUpdate: fixture.lastApiUpdate?.toISOString() ?? null,
    leagueName: LEAGUES[fixture.league].name,
    probabilities: prediction
      ? {
          home: prediction.probHome,
          draw: prediction.probDraw,
          away: prediction.probAway,
          over25: prediction.probOver25,
          btts: prediction.probBtts,
          expectedGoalsHome: prediction.expectedGoalsHome,
          expectedGoalsAway: prediction.expectedGoalsAway,
          modelVersion: prediction.modelVersion,
        }
      : null,
    ...updatedAgoOf(fixture.matchState === "live" && fixture.lastApiUpdate ? context.clock.now().getTime() - fixture.lastApiUpdate.getTime() : null),
    stats: [
      stat("Shots", fixture.homeShots, fixture.awayShots),
      stat("Shots on target", fixture.homeShotsOnTarget, fixture.awayShotsOnTarget),
      stat("Corners", fixture.homeCorners, fixture.awayCorners),
      stat("Fouls", fixture.homeFouls, fixture.awayFouls),
      stat("Yellow cards", fixture.homeYellowCards, fixture.awayYellowCards),
      stat("Red cards", fixture.homeRedCards, fixture.awayRedCards),
    ].filter((s) => s.home !== null && s.away !== null),
    preview: matchPreview,
  };
}

/** The recorded live win probability of a fixture, in match order: one statement whatever the number of ticks. */
async function liveProbabilityHistory({ db }: Pick<AppContext, "db">, fixtureId: number): Promise<LiveProbabilityTick[]> {
  const rows = await db.db.select().from(liveProbabilityTicks).where(eq(liveProbabilityTicks.fixtureId, fixtureId));
  return inMatchOrder(
    rows.map((row) => ({
      period: row.period,
      minute: row.minute,
      addedMinute: row.addedMinute,
      score: { home: row.homeScore, away: row.awayScore },
      redCards: { home: row.homeRedCards, away: row.awayRedCards },
      home: row.probHome,
      draw: row.probDraw,
      away: row.probAway,
      over25: row.probOver25,
      btts: row.probBtts,
    })),
  );
}

async function detailOf(context: ReadContext, row: FixtureRow, preview: boolean): Promise<MatchDetail> {
  const inputs = await pickInputs(context, [row], preview);
  const { fixture } = row;
  const [odds, homeForm, awayForm, homeLineup, awayLineup, meetings, events, history] = await Promise.all([
    marketOdds(context, fixture.id),
    recentForm(context, fixture.homeTeamId, fixture.kickoffAt),
    recentForm(context, fixture.awayTeamId, fixture.kickoffAt),
    recentLineup(context, fixture.homeTeamId, referenceOf(row)),
    recentLineup(context, fixture.awayTeamId, referenceOf(row)),
    headToHead(context, row),
    matchEvents(context, fixture.id, { home: fixture.homeScore, away: fixture.awayScore }),
    fixture.matchState === "pre-match" ? [] : liveProbabilityHistory(context, fixture.id),
  ]);
  return {
    ...summaryOf(context, row, inputs),
    odds,
    form: { home: homeForm, away: awayForm },
    lineups: { home: homeLineup, away: awayLineup },
    headToHead: meetings,
    events,
    liveProbabilityHistory: history,
  };
}

/**
 * The part of a match record the embedded view shows (header, picks, probabilities), without
 * the long sections' reads: three statements instead of ten.
 */
export async function getMatchSummaryById(context: ReadContext, id: number, preview: boolean): Promise<MatchSummary | null> {
  const [row] = await selectFixtures(context).where(eq(fixtures.id, id)).limit(1);
  if (!row) return null;
  const inputs = await pickInputs(context, [row], preview);
  return summaryOf(context, row, inputs);
}

/** A match's best pick as its page shows it, without the rest of the page. */
export interface MatchPick {
  bestPick: string;
  confidence: number;
  confidenceLabel: string;
  isLocked: boolean;
}

/**
 * The best pick of one match, through the same resolution as its page (editorial, algorithm,
 * locked ledger row, final score); null for an unknown id.
 */
export async function getMatchPick(context: ReadContext, id: number, preview: boolean): Promise<MatchPick | null> {
  const [row] = await selectFixtures(context).where(eq(fixtures.id, id)).limit(1);
  if (!row) return null;
  const { resolution } = cardOf(row, await pickInputs(context, [row], preview)).card;
  return {
    bestPick: resolution.bestPick,
    confidence: resolution.confidence,
    confidenceLabel: resolution.confidenceLabel,
    isLocked: resolution.isLocked,
  };
}

export async function getMatchById(context: ReadContext, id: number, preview: boolean): Promise<MatchDetail | null> {
  const [row] = await selectFixtures(context).where(eq(fixtures.id, id)).limit(1);
  return row ? detailOf(context, row, preview) : null;
}

/** One fixture by its natural key (league, season, home and away team slugs), as the match page reads it. */
export async function getMatchByFixtureKey(
  context: ReadContext,
  key: { league: LeagueKey; season: string; homeTeam: string; awayTeam: string },
  preview: boolean,
): Promise<MatchDetail | null> {
  const [row] = await selectFixtures(context)
    .where(
      and(
        eq(fixtures.league, key.league),
        eq(fixtures.season, key.season),
        eq(homeTeams.slug, key.homeTeam),
        eq(awayTeams.slug, key.awayTeam),
      ),
    )
    .limit(1);
  return row ? detailOf(context, row, preview) : null;
}

/** A league's fixtures kicking off in [from, to), earliest first, as cards (published content). */
export async function listFixturesBetween(context: ReadContext, league: LeagueKey, from: Date, to: Date): Promise<MatchCard[]> {
  const rows = await selectFixtures(context)
    .where(and(eq(fixtures.league, league), eq(fixtures.isActive, true), gte(fixtures.kickoffAt, from), lt(fixtures.kickoffAt, to)))
    .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id));
  const inputs = await pickInputs(context, rows, false);
  return rows.map((row) => cardOf(row, inputs).card);
}

/**
 * A pairing's fixture in a league: the one in the clock's season, else the most recent one.
 * `pairing` names the two teams (by slug or by id).
 */
function pairingFixture(context: Pick<AppContext, "db" | "clock">, league: LeagueKey, pairing: SQL | undefined) {
  const season = seasonCodeFor(context.clock.now());
  return selectFixtures(context)
    .where(and(eq(fixtures.league, league), pairing))
    .orderBy(sql`${fixtures.season} = ${season} desc`, desc(fixtures.kickoffAt))
    .limit(1);
}

/**
 * The match a canonical URL names: the pairing's fixture in the clock's season, else its most
 * recent one. Slugs that are not registry teams of the pairing find nothing.
 */
export async function getMatchBySlugs(
  context: ReadContext,
  league: LeagueKey,
  homeSlug: string,
  awaySlug: string,
  preview: boolean,
): Promise<MatchDetail | null> {
  const [row] = await pairingFixture(context, league, and(eq(homeTeams.slug, homeSlug), eq(awayTeams.slug, awaySlug)));
  return row ? detailOf(context, row, preview) : null;
}

/**
 * The match two team slugs name, whichever league it is in: the pairing's fixture in `league`
 * (the league the URL names) if it has one, else in any league; in the clock's season first,
 * else the most recent. A URL with the wrong league, or /match/ with none, still finds it.
 */
export async function findMatchBySlugs(
  context: ReadContext,
  league: LeagueKey,
  homeSlug: string,
  awaySlug: string,
  preview: boolean,
): Promise<MatchDetail | null> {
  const [row] = await slugPairingFixture(context, league, homeSlug, awaySlug);
  return row ? detailOf(context, row, preview) : null;
}

/** The canonical URL of the match findMatchBySlugs finds, without reading the match itself. */
export async function findMatchUrlBySlugs(
  context: Pick<AppContext, "db" | "clock">,
  league: LeagueKey,
  homeSlug: string,
  awaySlug: string,
): Promise<string | null> {
  const [row] = await slugPairingFixture(context, league, homeSlug, awaySlug);
  return row ? hrefOf(row) : null;
}

function slugPairingFixture(context: Pick<AppContext, "db" | "clock">, league: LeagueKey, homeSlug: string, awaySlug: string) {
  const season = seasonCodeFor(context.clock.now());
  return selectFixtures(context)
    .where(and(eq(homeTeams.slug, homeSlug), eq(awayTeams.slug, awaySlug)))
    .orderBy(sql`${fixtures.league} = ${league} desc`, sql`${fixtures.season} = ${season} desc`, desc(fixtures.kickoffAt))
    .limit(1);
}

/** Two clubs as a match of a league would pair them, and the moment their lineups and form are read up to. */
export interface TeamPairing {
  league: LeagueKey;
  home: MatchTeam;
  away: MatchTeam;
  /** The pairing's match (as getMatchBySlugs finds it); null when the two never met in the league. */
  match: { id: number; season: string; kickoffAt: string; state: MatchState } | null;
  /** The match's fixture and kick-off, or the clock's now when there is no match. */
  reference: MatchReference;
}

/**
 * The pairing of two teams by id, for the per-match blocks read on their own (lineups, form,
 * key players): the same match the match page shows, so the blocks match the page. Null when
 * either team is unknown.
 */
export async function getTeamPairing(
  context: Pick<AppContext, "db" | "clock">,
  league: LeagueKey,
  homeTeamId: number,
  awayTeamId: number,
): Promise<TeamPairing | null> {
  const [row] = await pairingFixture(
    context,
    league,
    and(eq(fixtures.homeTeamId, homeTeamId), eq(fixtures.awayTeamId, awayTeamId)),
  );
  if (row) {
    const { fixture } = row;
    return {
      league,
      ...teamsOf(row),
      match: { id: fixture.id, season: fixture.season, kickoffAt: fixture.kickoffAt.toISOString(), state: fixture.matchState },
      reference: referenceOf(row),
    };
  }
  const clubs = await context.db.db
    .select({ id: teams.id, name: teams.name, slug: teams.slug, code: teams.code })
    .from(teams)
    .where(inArray(teams.id, [homeTeamId, awayTeamId]));
  const home = clubs.find((club) => club.id === homeTeamId);
  const away = clubs.find((club) => club.id === awayTeamId);
  if (!home || !away) return null;
  return { league, home, away, match: null, reference: { fixtureId: null, kickoffAt: context.clock.now() } };
}

/** A team's most recent lineup up to a match (its own lineup once announced), as the match page shows it. */
export function getTeamLineupBefore(
  context: Pick<AppContext, "db">,
  teamId: number,
  reference: MatchReference,
): Promise<TeamLineup | null> {
  return recentLineup(context, teamId, reference);
}

/** A team's last five finished matches before a match, newest first, as the match page shows them. */
export function getTeamFormBefore(
  context: Pick<AppContext, "db">,
  teamId: number,
  reference: MatchReference,
): Promise<FormEntry[]> {
  return recentForm(context, teamId, reference.kickoffAt);
}

/** The part of a match the live score polls: state, score, minute and events. */
export interface LiveMatch {
  id: number;
  apiFootballFixtureId: number | null;
  state: MatchState;
  status: string | null;
  homeScore: number | null;
  awayScore: number | null;
  minute: number | null;
  injuryTime: number | null;
  events: MatchEvent[];
  /** When the worker last wrote the provider's live data; null before it has. */
  lastApiUpdate: string | null;
  /** The stored prediction (expected goals and published probabilities) the live win probability starts from; null without one. */
  forecast: PreMatchForecast | null;
}

/**
 * A match's live state by API-Football fixture id. A match the provider has not named (known
 * only from the CSV files) answers to its own id instead; a provider id wins if both match.
 */
export async function getLiveMatch(context: Pick<AppContext, "db">, fixtureId: number): Promise<LiveMatch | null> {
  const [fixture] = await context.db.db
    .select()
    .from(fixtures)
    .where(
      or(
        eq(fixtures.apiFootballFixtureId, fixtureId),
        and(isNull(fixtures.apiFootballFixtureId), eq(fixtures.id, fixtureId)),
      ),
    )
    .orderBy(sql`${fixtures.apiFootballFixtureId} is null`)
    .limit(1);
  if (!fixture) return null;
  const [prediction] = await context.db.db
    .select({
      home: predictions.probHome,
      draw: predictions.probDraw,
      away: predictions.probAway,
      over25: predictions.probOver25,
      btts: predictions.probBtts,
      expectedGoalsHome: predictions.expectedGoalsHome,
      expectedGoalsAway: predictions.expectedGoalsAway,
    })
    .from(predictions)
    .where(eq(predictions.fixtureId, fixture.id));
  return {
    id: fixture.id,
    apiFootballFixtureId: fixture.apiFootballFixtureId,
    state: fixture.matchState,
    status: fixture.status,
    homeScore: fixture.homeScore,
    awayScore: fixture.awayScore,
    minute: fixture.liveMinute,
    injuryTime: fixture.injuryTime,
    events: await matchEvents(context, fixture.id, { home: fixture.homeScore, away: fixture.awayScore }),
    lastApiUpdate: fixture.lastApiUpdate?.toISOString() ?? null,
    forecast: preMatchForecast(prediction),
  };
}
