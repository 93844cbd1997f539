/**
 * The match page below its header, rendered on the server (server-markup.server.tsx): the
 * breadcrumb, the spec's sections in order and the link back to the league. None of it changes
 * in the browser, so the page sends this markup instead of the data it is made from, and
 * MatchView shows it around the interactive header (MatchHero).
 */
import type { ReactNode } from "react";
import { LEAGUES } from "@shared/domain/leagues";
import { HOME, leagueTableUrl, leagueUrl } from "@shared/domain/urls";
import type { TeamKeyPlayers } from "../key-players.server";
import type { MatchDetail } from "../match-detail.server";
import { backToLeagueText, MATCH_SECTIONS, SEE_FULL_TABLE_TEXT, SUMMARY_MISSING_TEXT } from "../match";
import { matchBreadcrumb } from "../match-cards";
import { STANDINGS_MISSING_TEXT } from "~/page-texts/shared";
import { renderOptionalRichText } from "~/features/content/rich-text.server";
import { NO_EDIT_MARKS, type EditMark } from "~/features/content/editable.server";
import { keptServerHtml, renderServerHtml } from "~/server-markup.server";
import type { LeagueTable } from "~/features/standings/standings.server";
import { BreadcrumbTrail } from "~/components/Breadcrumb";
import { LeagueTableView } from "~/features/standings/components/LeagueTableView";
import { PageLink } from "~/components/PageLink";
import { RichText } from "~/features/content/components/RichText";
import type { MatchSectionsMarkup } from "./MatchView";
import { MatchStakesSection } from "./MatchStakesView";
import { OddsMovementView } from "./OddsMovementView";
import { ScoreGrid } from "./ScoreGrid";
import { FinalPrediction } from "./final-prediction.server";
import {
  HeadToHead,
  KeyInsightsList,
  MarketOdds,
  MatchStats,
  ModelProbabilities,
  TacticalAnalysis,
} from "./key-insights.server";
import { MatchEvents } from "./match-events.server";
import { KeyPlayerStats, RecentLineups, TeamForm } from "./match-section-content.server";

/** The rows of the table around the two teams: each team with its neighbours above and below. */
function snapshotRows(table: LeagueTable, teamIds: readonly number[]) {
  const positions = table.rows.filter((row) => teamIds.includes(row.teamId)).map((row) => row.position);
  return table.rows.filter((row) => positions.some((p) => Math.abs(row.position - p) <= 1));
}

export function renderMatchSections({
  match,
  table,
  keyPlayers,
  edit = NO_EDIT_MARKS,
}: {
  match: MatchDetail;
  table: LeagueTable;
  keyPlayers: { home: TeamKeyPlayers | null; away: TeamKeyPlayers | null };
  /** In draft preview: the click-to-edit marks of the match preview's fields. */
  edit?: EditMark;
}): MatchSectionsMarkup {
  const { resolution, preview, home, away } = match;
  const leagueName = LEAGUES[match.league].name;
  const title = matchBreadcrumb(home.name, away.name);
  const summary = renderOptionalRichText(preview?.matchSummary);
  const tacticalAnalysis = renderOptionalRichText(preview?.tacticalAnalysis);
  const headToHeadNotes = renderOptionalRichText(preview?.headToHead);
  const predictedLineups = renderOptionalRichText(preview?.predictedLineups);
  const keyPlayerStats = renderOptionalRichText(preview?.keyPlayerStats);
  const teamFormMomentum = renderOptionalRichText(preview?.teamFormMomentum);
  const managersNotes = renderOptionalRichText(preview?.managersNotes);
  const finalPredictionSummary = renderOptionalRichText(preview?.finalPredictionSummary);
  const hasForm = match.form.home.length > 0 || match.form.away.length > 0;
  const snapshot = snapshotRows(table, [home.id, away.id]);

  const hasSnapshot = table.hasData && snapshot.length > 0;
  // A section with nothing but its placeholder text is shown as one muted line, not a card.
  // `input`: everything the section's content reads but the edit marks (rendered once per input, kept).
  const sections: Array<{ id: string; title: string; content: ReactNode; input: unknown; empty?: boolean } | null> = [
    {
      id: "match-summary",
      title: MATCH_SECTIONS.summary,
      input: { verdictTag: preview?.verdictTag, summary },
      content: (
        <>
          {preview?.verdictTag ? (
            <p className="verdict-tag" data-sanity={edit("verdictTag")}>
              {preview.verdictTag}
            </p>
          ) : null}
          {summary ? (
            <RichText value={summary} editMark={edit("matchSummary")} />
          ) : (
            <p className="empty-text">{SUMMARY_MISSING_TEXT}</p>
          )}
        </>
      ),
    },
    {
      id: "key-insights",
      title: MATCH_SECTIONS.insights,
      input: {
        insights: preview?.keyInsights ?? [],
        tacticalAnalysis,
        headToHeadNotes,
        match: {
          probabilities: match.probabilities,
          scoreProbabilities: match.scoreProbabilities,
          odds: match.odds,
          oddsMovement: match.oddsMovement,
          state: match.state,
          stats: match.stats,
          home: match.home,
          away: match.away,
          homeScore: match.homeScore,
          awayScore: match.awayScore,
          events: match.events,
          liveProbabilityHistory: match.liveProbabilityHistory,
          headToHead: match.headToHead,
        },
      },
      content: (
        <>
          <KeyInsightsList insights={preview?.keyInsights ?? []} edit={edit} />
          <TacticalAnalysis html={tacticalAnalysis} editMark={edit("tacticalAnalysis")} />
          <ModelProbabilities probabilities={match.probabilities} homeName={home.name} awayName={away.name} />
          <ScoreGrid cells={match.scoreProbabilities} homeName={home.name} awayName={away.name} />
          <MarketOdds odds={match.odds} homeName={home.name} awayName={away.name} />
          <OddsMovementView
            movement={match.oddsMovement}
            homeName={home.name}
            awayName={away.name}
            kickedOff={match.state !== "pre-match"}
            finished={match.state === "post-match"}
          />
          <MatchStats stats={match.stats} homeName={home.name} awayName={away.name} />
          <MatchEvents match={match} />
          <HeadToHead meetings={match.headToHead} notes={headToHeadNotes} editMark={edit("headToHead")} />
        </>
      ),
    },
    {
      id: "league-table",
      title: MATCH_SECTIONS.table,
      empty: !hasSnapshot,
      input: { hasSnapshot, snapshot, leagueName, home, away, stakes: match.stakes, league: match.league },
      content: (
        <>
          {hasSnapshot ? (
            <LeagueTableView
              rows={snapshot}
              caption={`${leagueName} table around ${home.name} and ${away.name}`}
              highlightTeamIds={[home.id, away.id]}
            />
          ) : (
            <p className="empty-text">{STANDINGS_MISSING_TEXT}</p>
          )}
          <MatchStakesSection stakes={match.stakes} />
          <p>
            <PageLink to={leagueTableUrl(match.league)}>{SEE_FULL_TABLE_TEXT}</PageLink>
          </p>
        </>
      ),
    },
    {
      id: "recent-lineups",
      title: MATCH_SECTIONS.lineups,
      empty: !match.lineups.home && !match.lineups.away && !predictedLineups,
      input: { home: home.name, away: away.name, lineups: match.lineups, predictedLineups },
      content: (
        <RecentLineups
          homeName={home.name}
          awayName={away.name}
          lineups={match.lineups}
          notes={predictedLineups}
          editMark={edit("predictedLineups")}
        />
      ),
    },
    {
      id: "key-player-stats",
      title: MATCH_SECTIONS.players,
      empty: !keyPlayers.home && !keyPlayers.away && !keyPlayerStats,
      input: { home: home.name, away: away.name, keyPlayers, keyPlayerStats },
      content: (
        <KeyPlayerStats
          homeName={home.name}
          awayName={away.name}
          keyPlayers={keyPlayers}
          notes={keyPlayerStats}
          editMark={edit("keyPlayerStats")}
        />
      ),
    },
    {
      id: "team-form",
      title: MATCH_SECTIONS.form,
      empty: !hasForm && !teamFormMomentum,
      input: { home, away, form: match.form, teamFormMomentum },
      content: (
        <TeamForm
          home={home}
          away={away}
          form={match.form}
          notes={teamFormMomentum}
          editMark={edit("teamFormMomentum")}
        />
      ),
    },
    managersNotes
      ? {
          id: "managers-notes",
          title: MATCH_SECTIONS.managers,
          input: { managersNotes },
          content: <RichText value={managersNotes} editMark={edit("managersNotes")} />,
        }
      : null,
    {
      id: "final-prediction",
      title: MATCH_SECTIONS.final,
      input: { resolution, state: match.state, finalPredictionSummary },
      content: (
        <FinalPrediction resolution={resolution} state={match.state} notes={finalPredictionSummary} edit={edit} />
      ),
    },
  ];

  return {
    breadcrumb: renderServerHtml(
      <BreadcrumbTrail
        crumbs={[
          { label: "Home", href: HOME },
          { label: `${leagueName} Predictions`, href: leagueUrl(match.league) },
          { label: title },
        ]}
      />,
    ),
    sections: sections
      .filter((section) => section !== null)
      .map(({ id, title: heading, content, input, empty }) => {
        const render = () => (
          <>
            <h2 id={`${id}-title`}>{heading}</h2>
            {content}
          </>
        );
        return {
          id,
          ...(empty ? { empty: true } : {}),
          // In draft preview the sections carry click-to-edit marks: rendered each time.
          markup:
            edit === NO_EDIT_MARKS ? keptServerHtml(`match-section:${id}`, input, render) : renderServerHtml(render()),
        };
      }),
    backLink: renderServerHtml(
      <PageLink to={leagueUrl(match.league)}>
        <span aria-hidden="true">← </span>
        {backToLeagueText(leagueName)}
      </PageLink>,
    ),
  };
}
