/**
 * The long sections of a match detail, each read on its own: market odds, the teams' recent
 * form, their lineups, head-to-head meetings, goals and cards, and the recorded live win
 * probability.
 */
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { fixtureOdds, fixtures, lineups, liveEvents, liveProbabilityTicks } from "@shared/db/schema";
import type { LineupPlayer } from "@shared/db/schema/fixtures";
import { goalsFromTeamView, resultPill, type ResultPill } from "@shared/domain/form";
import { inMatchOrder, type LiveProbabilityTick } from "@shared/model/live-probability-history";
import type { Database } from "@shared/db";
import { unionAllStatement } from "@shared/db/union-all";
import { listPlaceholders, preparedQuery } from "@shared/db/prepared-queries";
import type { AppContext } from "~/load-context";
import { selectCardFixturesOf, teamsOf, type CardFixtureRow, type FixtureRow } from "./match-rows.server";

/** A form read's row: a card's columns and the team whose form it is in. */
type FormRow = CardFixtureRow & { formTeam: number };
/** A lineup read's row: a card's columns and the lineup. */
type LineupRow = CardFixtureRow & { lineup: typeof lineups.$inferSelect };

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

const FORM_LIMIT = 5;
const HEAD_TO_HEAD_LIMIT = 5;

export type OddsRow = typeof fixtureOdds.$inferSelect;

/** Every stored price of the match: each source's opening and closing line per market. */
export function oddsRows({ db }: Pick<AppContext, "db">, fixtureId: number): Promise<OddsRow[]> {
  return preparedQuery(db.db, "match:odds", (d) =>
    d
      .select()
      .from(fixtureOdds)
      .where(eq(fixtureOdds.fixtureId, sql.placeholder("fixtureId"))),
  ).execute({ fixtureId });
}

export function marketOddsOf(rows: readonly OddsRow[]): MarketOdds | null {
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

/** A team's last five finished matches before `before`, newest first. */
export async function recentForm(context: Pick<AppContext, "db">, teamId: number, before: Date): Promise<FormEntry[]> {
  const [form] = await recentForms(context, [teamId], before);
  return form;
}

/**
 * The forms of several teams before one moment (a match's two sides), in one statement: each
 * team's last FORM_LIMIT finished matches, newest first, with the columns a form entry shows. A
 * match between two of the teams is in both forms.
 */
export async function recentForms(
  context: Pick<AppContext, "db">,
  teamIds: readonly number[],
  before: Date,
): Promise<FormEntry[][]> {
  if (teamIds.length === 0) return [];
  const teams = listPlaceholders("team", teamIds);
  const formOf = (db: Database, team: string) =>
    selectCardFixturesOf(db, { formTeam: sql<number>`${sql.placeholder(team)}::integer`.as("form_team") })
      .where(
        and(
          or(eq(fixtures.homeTeamId, sql.placeholder(team)), eq(fixtures.awayTeamId, sql.placeholder(team))),
          eq(fixtures.matchState, "post-match"),
          lt(fixtures.kickoffAt, sql.placeholder("before")),
        ),
      )
      .orderBy(desc(fixtures.kickoffAt))
      .limit(FORM_LIMIT);
  const rows = (await preparedQuery(context.db.db, `match:forms:${teamIds.length}`, (db) =>
    unionAllStatement(teams.names.map((team) => formOf(db, team))),
  ).execute({ ...teams.values, before: before.toISOString() })) as FormRow[];
  return teamIds.map((teamId) =>
    rows
      .filter((row) => Number(row.formTeam) === teamId)
      .sort((a, b) => b.fixture.kickoffAt.getTime() - a.fixture.kickoffAt.getTime())
      .map((row) => formEntryOf(row, teamId)),
  );
}

function formEntryOf(row: CardFixtureRow, teamId: number): FormEntry {
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
}

/** The moment a match's lineups and form are read up to: its own fixture (its lineup counts) and kick-off. */
export interface MatchReference {
  fixtureId: number | null;
  kickoffAt: Date;
}

export const referenceOf = (row: FixtureRow): MatchReference => ({
  fixtureId: row.fixture.id,
  kickoffAt: row.fixture.kickoffAt,
});

export async function recentLineup(
  context: Pick<AppContext, "db">,
  teamId: number,
  reference: MatchReference,
): Promise<TeamLineup | null> {
  const [lineup] = await recentLineups(context, [teamId], reference);
  return lineup;
}

/**
 * The most recent lineups of several teams up to one match (its two sides), in one statement:
 * each team's lineup of the match itself when it has one, else of its last match before it.
 */
export async function recentLineups(
  context: Pick<AppContext, "db">,
  teamIds: readonly number[],
  reference: MatchReference,
): Promise<Array<TeamLineup | null>> {
  if (teamIds.length === 0) return [];
  const teams = listPlaceholders("team", teamIds);
  const withOwn = reference.fixtureId !== null;
  const lineupOf = (db: Database, team: string) => {
    const upToReference = lt(fixtures.kickoffAt, sql.placeholder("before"));
    return selectCardFixturesOf(db, { lineup: lineups })
      .innerJoin(lineups, and(eq(lineups.fixtureId, fixtures.id), eq(lineups.teamId, sql.placeholder(team))))
      .where(withOwn ? or(eq(fixtures.id, sql.placeholder("fixtureId")), upToReference) : upToReference)
      .orderBy(desc(fixtures.kickoffAt))
      .limit(1);
  };
  const rows = (await preparedQuery(
    context.db.db,
    `match:lineups:${withOwn ? "own" : "before"}:${teamIds.length}`,
    (db) => unionAllStatement(teams.names.map((team) => lineupOf(db, team))),
  ).execute({
    ...teams.values,
    before: reference.kickoffAt.toISOString(),
    fixtureId: reference.fixtureId,
  })) as LineupRow[];
  return teamIds.map((teamId) => {
    const found = rows.find((row) => row.lineup.teamId === teamId);
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
  });
}

export async function headToHead(context: Pick<AppContext, "db">, row: FixtureRow): Promise<HeadToHeadEntry[]> {
  const { homeTeamId, awayTeamId, kickoffAt } = row.fixture;
  const home = sql.placeholder("home");
  const away = sql.placeholder("away");
  const rows = await preparedQuery(context.db.db, "match:head-to-head", (db) =>
    selectCardFixturesOf(db)
      .where(
        and(
          or(
            and(eq(fixtures.homeTeamId, home), eq(fixtures.awayTeamId, away)),
            and(eq(fixtures.homeTeamId, away), eq(fixtures.awayTeamId, home)),
          ),
          eq(fixtures.matchState, "post-match"),
          lt(fixtures.kickoffAt, sql.placeholder("before")),
        ),
      )
      .orderBy(desc(fixtures.kickoffAt))
      .limit(HEAD_TO_HEAD_LIMIT),
  ).execute({ home: homeTeamId, away: awayTeamId, before: kickoffAt.toISOString() });
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
export async function matchEvents(
  { db }: Pick<AppContext, "db">,
  fixtureId: number,
  score: { home: number | null; away: number | null },
): Promise<MatchEvent[]> {
  const rows = await preparedQuery(db.db, "match:events", (d) =>
    d
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.fixtureId, sql.placeholder("fixtureId")), inArray(liveEvents.type, ["Goal", "Card"])))
      .orderBy(asc(liveEvents.minute), sql`${liveEvents.extraMinute} asc nulls first`, asc(liveEvents.id)),
  ).execute({ fixtureId });
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

/** The recorded live win probability of a fixture, in match order: one statement whatever the number of ticks. */
export async function liveProbabilityHistory(
  { db }: Pick<AppContext, "db">,
  fixtureId: number,
): Promise<LiveProbabilityTick[]> {
  const rows = await preparedQuery(db.db, "match:live-probability-ticks", (d) =>
    d
      .select()
      .from(liveProbabilityTicks)
      .where(eq(liveProbabilityTicks.fixtureId, sql.placeholder("fixtureId"))),
  ).execute({ fixtureId });
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
