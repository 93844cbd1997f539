/**
 * The benchmark's printed report: per league and overall, every forecaster's scores on the
 * same matches, the market comparisons, calibration and the targets of the prediction engine.
 */
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import type { ReliabilityBin } from "@shared/model/reliability";
import { FORECASTERS, type Calibration, type Forecaster, type Scorecard } from "./model-scorecard";

const LABELS: Record<Forecaster, string> = {
  modelOnly: "model without odds",
  published: "published forecast",
  opening: "market, opening",
  closing: "market, closing",
  baseRate: "base rate",
};

const f = (value: number, digits = 4) => value.toFixed(digits);
const pct = (value: number) => `${(100 * value).toFixed(1)}%`;
const row = (cells: ReadonlyArray<string>, widths: readonly number[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");

export function resultTable(card: Scorecard): string[] {
  const widths = [20, 8, 8, 8, 9];
  return [
    row(["1X2", "RPS", "Brier", "log-loss", "accuracy"], widths),
    ...FORECASTERS.map((k) => {
      const s = card.result[k];
      return row([LABELS[k], f(s.rps), f(s.brier), f(s.logLoss), pct(s.accuracy)], widths);
    }),
  ];
}

export function binaryTables(card: Scorecard): string[] {
  const widths = [20, 9, 8];
  const ou = FORECASTERS.map((k) =>
    row([LABELS[k], pct(card.overUnder[k].accuracy), f(card.overUnder[k].brier)], widths),
  );
  const btts = (["modelOnly", "published", "baseRate"] as const).map((k) =>
    row([LABELS[k], pct(card.btts[k].accuracy), f(card.btts[k].brier)], widths),
  );
  return [
    row(["over/under 2.5", "accuracy", "Brier"], widths),
    ...ou,
    row(["BTTS", "accuracy", "Brier"], widths),
    ...btts,
  ];
}

export function comparisonLines(card: Scorecard): string[] {
  const r = card.result;
  return [
    `RPS ratios: published / market opening ${f(r.published.rps / r.opening.rps)}, published / market closing ${f(r.published.rps / r.closing.rps)}, model without odds / market closing ${f(r.modelOnly.rps / r.closing.rps)}`,
    `hit rates, ours vs the market favourite (opening prices): best pick ${pct(card.bestPick.hitRate)} vs ${pct(card.marketFavourite.best)} (the likeliest 1X2 or over/under selection), 1X2 ${pct(card.ourPicks.result)} vs ${pct(card.marketFavourite.result)}, over/under ${pct(card.ourPicks.overUnder)} vs ${pct(card.marketFavourite.overUnder)}; BTTS ${pct(card.ourPicks.btts)} vs base rate ${pct(card.btts.baseRate.accuracy)}`,
    `ECE: 1X2 ${f(card.calibration.result.ece)}, over/under ${f(card.calibration.overUnder.ece)}, BTTS ${f(card.calibration.btts.ece)} (published probabilities); picks: 1X2 ${f(card.calibration.resultPick.ece)}, over/under ${f(card.calibration.overUnderPick.ece)}, BTTS ${f(card.calibration.bttsPick.ece)}, best pick ${f(card.calibration.bestPick.ece)}`,
  ];
}

function binLine(bin: ReliabilityBin): string {
  const range = `${f(bin.from, 1)}-${f(bin.to, 1)}`;
  if (bin.count === 0) return `    ${range}      0`;
  return `    ${range}  ${String(bin.count).padStart(5)}  forecast ${f(bin.meanProbability!, 3)}  observed ${f(bin.observedRate!, 3)}`;
}

export function calibrationTables(card: Scorecard): string[] {
  const sections: Array<[string, Calibration]> = [
    ["1X2 (home, draw and away probabilities)", card.calibration.result],
    ["over 2.5 goals", card.calibration.overUnder],
    ["both teams score", card.calibration.btts],
    ["1X2 pick confidence", card.calibration.resultPick],
    ["over/under pick confidence", card.calibration.overUnderPick],
    ["BTTS pick confidence", card.calibration.bttsPick],
    ["best pick confidence", card.calibration.bestPick],
  ];
  return sections.flatMap(([title, calibration]) => [
    `  ${title}: ECE ${f(calibration.ece)}`,
    ...calibration.bins.map(binLine),
  ]);
}

export function bandTable(card: Scorecard): string[] {
  return [
    "  best pick by confidence band:",
    ...card.bestPick.bands.map((band) => {
      const label = band.to > 100 ? `${band.from}%+` : `${band.from}-${band.to}%`;
      if (band.count === 0) return `    ${label.padEnd(8)}      0`;
      return `    ${label.padEnd(8)} ${String(band.count).padStart(6)}  mean confidence ${f(band.meanConfidence!, 1)}%  hit rate ${pct(band.hitRate!)}`;
    }),
  ];
}

export function leagueTitle(league: LeagueKey | "overall", card: Scorecard): string {
  const name = league === "overall" ? "All five leagues" : LEAGUES[league].name;
  return `== ${name}: ${card.matches} matches`;
}

export interface TargetCheck {
  target: string;
  value: string;
  met: boolean;
}

export function targetChecks(card: Scorecard): TargetCheck[] {
  const r = card.result;
  const eces: Array<[string, number]> = [
    ["1X2", card.calibration.result.ece],
    ["over/under", card.calibration.overUnder.ece],
    ["BTTS", card.calibration.btts.ece],
    ["1X2 pick", card.calibration.resultPick.ece],
    ["over/under pick", card.calibration.overUnderPick.ece],
    ["BTTS pick", card.calibration.bttsPick.ece],
    ["best pick", card.calibration.bestPick.ece],
  ];
  return [
    {
      target: "published RPS / market opening RPS <= 1.000",
      value: f(r.published.rps / r.opening.rps),
      met: r.published.rps <= r.opening.rps,
    },
    {
      target: "published RPS / market closing RPS <= 1.000 (moonshot)",
      value: f(r.published.rps / r.closing.rps),
      met: r.published.rps <= r.closing.rps,
    },
    {
      target: "model without odds RPS / market closing RPS <= 1.03",
      value: f(r.modelOnly.rps / r.closing.rps),
      met: r.modelOnly.rps / r.closing.rps <= 1.03,
    },
    {
      target: "best-pick hit rate >= market favourite's",
      value: `${pct(card.bestPick.hitRate)} vs ${pct(card.marketFavourite.best)}`,
      met: card.bestPick.hitRate >= card.marketFavourite.best,
    },
    {
      target: "over/under hit rate >= market favourite's",
      value: `${pct(card.ourPicks.overUnder)} vs ${pct(card.marketFavourite.overUnder)}`,
      met: card.ourPicks.overUnder >= card.marketFavourite.overUnder,
    },
    {
      target: "BTTS hit rate > base rate",
      value: `${pct(card.ourPicks.btts)} vs ${pct(card.btts.baseRate.accuracy)}`,
      met: card.ourPicks.btts > card.btts.baseRate.accuracy,
    },
    ...eces.map(([market, ece]) => ({ target: `ECE ${market} <= 0.015`, value: f(ece), met: ece <= 0.015 })),
  ];
}
