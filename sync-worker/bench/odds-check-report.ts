/** The printout of the odds check (odds-check.ts) for `npm run bench:outlook`. */
import { LEAGUE_KEYS, LEAGUES } from "@shared/domain/leagues";
import type { ReliabilityBin } from "@shared/model/reliability";
import { improvement, meanBrier, OUTLOOK_PROBABILITY_KEYS, type OddsCheckPayload } from "@shared/model/odds-check";
import type { ScoredTeamForecast } from "./odds-check-outlook";

const f4 = (x: number) => x.toFixed(4);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function binLines(bins: readonly ReliabilityBin[]): string[] {
  return bins
    .filter((bin) => bin.count > 0)
    .map(
      (bin) =>
        `    ${bin.from.toFixed(1)}-${bin.to.toFixed(1)}  n ${String(bin.count).padStart(5)}  forecast ${pct(bin.meanProbability!).padStart(6)}  happened ${pct(bin.observedRate!).padStart(6)}`,
    );
}

export function oddsCheckReport(payload: OddsCheckPayload): string[] {
  const lines: string[] = [];
  const { outlook, live, scoreline } = payload;
  if (!outlook) lines.push("season outlook: no complete league season in the data");
  else {
    lines.push(
      `season outlook, walk-forward: seasons ${outlook.seasons[0]} to ${outlook.seasons.at(-1)}, after matchweeks ${outlook.checkpoints.join(", ")}; ` +
        `${outlook.leagueSeasons} complete league seasons, ${outlook.forecasts} checkpoints, ${outlook.teamForecasts} team forecasts`,
    );
    lines.push(
      `${outlook.simulations.toLocaleString("en-US")} simulated seasons per checkpoint for ours and for the baseline (the live outlook uses 20,000): ` +
        `the Monte Carlo adds at most p(1-p)/${outlook.simulations} = ${(0.25 / outlook.simulations).toFixed(6)} to a Brier score; ${(outlook.elapsedMs / 1000).toFixed(1)} s`,
    );
    lines.push(
      "baseline: points per game so far extrapolated to the games left, normal spread (variance = games left x the league's variance of points per game)",
    );
    lines.push(
      "bands: the leagues' current Champions League places; relegation the same number of places from the bottom",
    );
    lines.push("");
    lines.push(
      `${"probability".padEnd(24)} ${"Brier ours".padStart(10)} ${"baseline".padStart(10)} ${"better by".padStart(10)}  target >= 20%`,
    );
    for (const m of outlook.metrics) {
      lines.push(
        `${m.label.padEnd(24)} ${f4(m.ours).padStart(10)} ${f4(m.baseline).padStart(10)} ${pct(m.improvement).padStart(10)}  ${m.met ? "met" : "NOT MET"}`,
      );
    }
    for (const m of outlook.metrics) {
      lines.push("");
      lines.push(`  reliability of our P(${m.label}), 10 bins:`);
      lines.push(...binLines(m.reliability));
    }
  }
  lines.push("");
  if (!live) lines.push("live probability at half-time: no match with a half-time score and a forecast in the data");
  else {
    lines.push(
      `live probability at half-time: seasons ${live.seasons.join(", ")}, ${live.matches} matches with a half-time score and a walk-forward pre-match forecast; ${(live.elapsedMs / 1000).toFixed(1)} s`,
    );
    lines.push(`${"forecast".padEnd(36)} ${"1X2 RPS".padStart(8)}`);
    lines.push(`${"ours at half-time".padEnd(36)} ${f4(live.rps.ours).padStart(8)}`);
    lines.push(`${"pre-match forecast".padEnd(36)} ${f4(live.rps.preMatch).padStart(8)}`);
    lines.push(`${"half-time leader wins (level: draw)".padEnd(36)} ${f4(live.rps.leaderRule).padStart(8)}`);
    lines.push(
      `expected calibration error (three outcomes, 10 equal-width bins): ${f4(live.ece)}  target <= ${live.eceTarget}: ${live.met ? "met" : "NOT MET"}`,
    );
    lines.push("  reliability of our half-time 1X2 probabilities:");
    lines.push(...binLines(live.reliability));
  }
  lines.push("");
  if (!scoreline) lines.push("every scoreline: no match with a forecast and the market's 1X2 and over/under prices");
  else {
    lines.push(
      `every scoreline: seasons ${scoreline.seasons.join(", ")}, ${scoreline.matches} matches with a walk-forward forecast and the market's 1X2 and over/under prices; ${(scoreline.elapsedMs / 1000).toFixed(1)} s`,
    );
    lines.push(`${"forecast of the final score".padEnd(36)} ${"log score".padStart(9)}`);
    lines.push(`${"ours (the published grid)".padEnd(36)} ${f4(scoreline.logScore.ours).padStart(9)}`);
    lines.push(`${"independent Poisson fitted to market".padEnd(36)} ${f4(scoreline.logScore.baseline).padStart(9)}`);
    lines.push(
      `improvement ${(scoreline.improvement * 100).toFixed(2)}%; ours gave the actual score more probability in ${(scoreline.oursHigher * 100).toFixed(1)}% of matches`,
    );
  }
  lines.push("");
  const closing = payload.closingLine;
  if (!closing) lines.push("closing line: no walk-forward pick with an opening and a closing price");
  else {
    lines.push(
      `closing line: seasons ${closing.seasons.join(", ")}, ${closing.matches} matches with a walk-forward pick, its opening price and the close; ${(closing.elapsedMs / 1000).toFixed(1)} s`,
    );
    lines.push(`${"picks".padEnd(36)} ${"priced".padStart(7)} ${"beat close".padStart(11)} ${"mean CLV".padStart(9)}`);
    const row = (label: string, r: { picks: number; beatCloseRate: number; meanClv: number }) =>
      `${label.padEnd(36)} ${String(r.picks).padStart(7)} ${`${r.beatCloseRate.toFixed(2)}%`.padStart(11)} ${`${r.meanClv.toFixed(2)}%`.padStart(9)}`;
    for (const r of closing.byKind) lines.push(row(r.kind, r));
    for (const r of closing.byLeague) lines.push(row(`best, ${LEAGUES[r.league].name}`, r));
  }
  return lines;
}

/** Brier scores of ours and the baseline and the improvement, per probability, over some team forecasts. */
export function outlookGroupScores(forecasts: readonly ScoredTeamForecast[]) {
  return OUTLOOK_PROBABILITY_KEYS.map((key) => {
    const ours = meanBrier(forecasts.map((f) => ({ probability: f.ours[key], happened: f.happened[key] })));
    const baseline = meanBrier(forecasts.map((f) => ({ probability: f.baseline[key], happened: f.happened[key] })));
    return { key, ours, baseline, improvement: improvement(ours, baseline) };
  });
}

/**
 * Where the outlook beats the baseline: the check's Brier scores and improvements per checkpoint,
 * per league, and for promoted clubs (not in the league the season before) against the others.
 */
export function outlookBreakdownReport(forecasts: readonly ScoredTeamForecast[]): string[] {
  const groups: Array<[string, ScoredTeamForecast[]]> = [];
  for (const checkpoint of [...new Set(forecasts.map((f) => f.checkpoint))].sort((a, b) => a - b)) {
    groups.push([`after matchweek ${checkpoint}`, forecasts.filter((f) => f.checkpoint === checkpoint)]);
  }
  for (const league of LEAGUE_KEYS) {
    groups.push([LEAGUES[league].name, forecasts.filter((f) => f.league === league)]);
  }
  groups.push(
    ["promoted clubs", forecasts.filter((f) => f.promoted)],
    ["other clubs", forecasts.filter((f) => !f.promoted)],
  );
  const lines = [
    "where the outlook beats the baseline: Brier ours / baseline, better by (title | Champions League places | relegation)",
  ];
  for (const [label, group] of groups) {
    if (group.length === 0) continue;
    const cells = outlookGroupScores(group).map(
      (s) => `${f4(s.ours)} / ${f4(s.baseline)} ${pct(s.improvement).padStart(6)}`,
    );
    lines.push(`  ${label.padEnd(22)} n ${String(group.length).padStart(5)}  ${cells.join("  |  ")}`);
  }
  return lines;
}
