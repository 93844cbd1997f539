/**
 * What the 'Model & data' view shows, as plain rows: every number comes from the site's answer
 * for the fixture (its match record, the algorithm's prediction, the fair odds, the table) and
 * the site's shared rules (resolution order, review rules, pick probability), never computed
 * again here. The component only lays these rows out.
 */
import { formatScore } from "@shared/domain/picks";
import { documentReview, modelProbability, pickOnRecord, resolutionOnPublish } from "../desk";
import type { EditorFixtureData } from "../site-api";

export interface Fact {
  label: string;
  value: string;
}

export interface ModelData {
  title: string;
  kickoff: string;
  /** The algorithm's best pick, with its calibrated probability. */
  bestPick: Fact[];
  probabilities: Fact[];
  goals: Fact[];
  odds: { market: string; price: string; fair: string }[];
  oddsSource: string | null;
  form: { team: string; letters: string; matches: string[] }[];
  headToHead: string[];
  table: {
    position: number;
    team: string;
    played: number;
    goalDifference: number;
    points: number;
    highlighted: boolean;
  }[];
  /** What the site shows now, and once this draft is published. */
  site: { now: Fact[]; onPublish: Fact[] };
  review: string[];
  locked: string | null;
  modelVersion: string | null;
}

/** A probability (0 to 1) as a percentage with one decimal. */
export const percent = (probability: number | null | undefined): string =>
  typeof probability === "number" ? `${(Math.round(probability * 1000) / 10).toFixed(1)}%` : "–";
const price = (value: number | null) => (value === null ? "–" : value.toFixed(2));

export function modelData(document: unknown, data: EditorFixtureData): ModelData {
  const { match, algorithm, fairOdds, fixture } = data;
  const probabilities = match.probabilities;
  const onPublish = resolutionOnPublish(document, data);
  const algorithmPick = algorithm?.bestPick ?? null;
  const teams = new Set([match.homeTeam, match.awayTeam]);
  const odds = match.odds;
  return {
    title: `${match.homeTeam} vs ${match.awayTeam}`,
    kickoff: match.kickoffTime,
    bestPick: algorithmPick
      ? [
          { label: "Algorithm's best pick", value: algorithmPick },
          { label: "Model probability", value: percent(modelProbability(algorithmPick, data)) },
          {
            label: "Algorithm's confidence",
            value:
              algorithm?.confidence === null || algorithm?.confidence === undefined ? "–" : `${algorithm.confidence}%`,
          },
        ]
      : [{ label: "Algorithm's best pick", value: "Not predicted yet" }],
    probabilities: probabilities
      ? [
          { label: `1 · ${match.homeTeam}`, value: percent(probabilities.home) },
          { label: "X · Draw", value: percent(probabilities.draw) },
          { label: `2 · ${match.awayTeam}`, value: percent(probabilities.away) },
          { label: "Over 2.5 goals", value: percent(probabilities.over25) },
          { label: "Both teams to score", value: percent(probabilities.btts) },
        ]
      : [],
    goals: probabilities
      ? [
          { label: `Expected goals ${match.homeTeam}`, value: probabilities.expectedGoalsHome.toFixed(2) },
          { label: `Expected goals ${match.awayTeam}`, value: probabilities.expectedGoalsAway.toFixed(2) },
          { label: "Projected score", value: algorithm?.projectedScore ?? "–" },
        ]
      : [],
    odds: odds
      ? [
          { market: `1 · ${match.homeTeam}`, price: price(odds.home), fair: percent(fairOdds?.home) },
          { market: "X · Draw", price: price(odds.draw), fair: percent(fairOdds?.draw) },
          { market: `2 · ${match.awayTeam}`, price: price(odds.away), fair: percent(fairOdds?.away) },
          { market: "Over 2.5", price: price(odds.over25), fair: percent(fairOdds?.over25) },
          { market: "Under 2.5", price: price(odds.under25), fair: percent(fairOdds?.under25) },
          { market: "BTTS yes", price: price(odds.bttsYes), fair: percent(fairOdds?.bttsYes) },
          { market: "BTTS no", price: price(odds.bttsNo), fair: percent(fairOdds?.bttsNo) },
        ].filter((row) => row.price !== "–")
      : [],
    oddsSource: odds?.source ?? null,
    form: [
      {
        team: match.homeTeam,
        letters: match.homeForm,
        matches: match.form.home.map((m) => `${m.result[0]} ${m.score} ${m.isHome ? "v" : "at"} ${m.opponent}`),
      },
      {
        team: match.awayTeam,
        letters: match.awayForm,
        matches: match.form.away.map((m) => `${m.result[0]} ${m.score} ${m.isHome ? "v" : "at"} ${m.opponent}`),
      },
    ],
    headToHead: match.h2h.map(
      (meeting) => `${meeting.date.slice(0, 10)} · ${meeting.homeTeam} ${meeting.score} ${meeting.awayTeam}`,
    ),
    table: data.table.map((row) => ({
      position: row.position,
      team: row.teamName,
      played: row.played,
      goalDifference: row.goalDifference,
      points: row.points,
      highlighted: teams.has(row.teamName),
    })),
    site: {
      now: [
        { label: "Best pick", value: match.bestPick },
        { label: "Confidence", value: match.confidenceLabel },
        { label: "Score", value: match.finalScore ?? match.projectedScore ?? "–" },
        { label: "From", value: match.resolutionSource },
      ],
      onPublish: [
        { label: "Best pick", value: onPublish.bestPick },
        { label: "Confidence", value: onPublish.confidenceLabel },
        { label: "Score", value: onPublish.score ?? (onPublish.liveScore ? formatScore(onPublish.liveScore) : "–") },
        { label: "From", value: onPublish.source },
      ],
    },
    review: documentReview(document, data).map((reason) => reason.message),
    locked: fixture.kickedOff ? (pickOnRecord(data) ?? "kicked off; the ledger locks the pick within a minute") : null,
    modelVersion: probabilities?.modelVersion ?? algorithm?.modelVersion ?? null,
  };
}
