/**
 * The finished match page's 'Win probability through the match' section: the chart of the live
 * win probability the worker recorded, rendered on the server and sent as markup, so the page
 * gets no code for it. Shown once the match is final, when at least one reading in play was
 * recorded (a match the worker did not follow live has only its kick-off and full-time ticks).
 */
import { isSendingOff } from "@shared/model/live-match-probability";
import { fullTimeTick, tickPosition, type LiveProbabilityTick } from "@shared/model/live-probability-history";
import type { MatchDetail } from "../match-detail.server";
import { renderServerHtml } from "~/server-markup.server";
import type { ServerHtml } from "~/components/ServerMarkup";
import { ProbabilityChart } from "./ProbabilityChart";
import type { ChartEvent, ChartTeam } from "./probability-chart-model";

export const PROBABILITY_CHART_SECTION_ID = "probability-history";

type ChartMatch = Pick<
  MatchDetail,
  "state" | "homeScore" | "awayScore" | "events" | "liveProbabilityHistory" | "home" | "away"
>;

const codeOf = (team: ChartTeam) => team.code ?? team.name.slice(0, 3).toUpperCase();

/** Goals (with the score after each) and sending-offs from the match's events, in minute order; null without goal events. */
export function chartEventsOf(match: Pick<ChartMatch, "events" | "home" | "away">): ChartEvent[] | null {
  if (!match.events.some((event) => event.type === "Goal")) return null;
  const score = { home: 0, away: 0 };
  return match.events.flatMap((event): ChartEvent[] => {
    const added = event.extraMinute ?? 0;
    const position = tickPosition(
      event.minute <= 45
        ? { period: "first-half", minute: event.minute, addedMinute: added }
        : { period: "second-half", minute: event.minute, addedMinute: added },
    );
    if (event.type === "Goal") {
      score[event.side] += 1;
      return [
        {
          kind: "goal",
          side: event.side,
          position,
          minute: event.minute,
          label: `${score.home}-${score.away}`,
          timing: "exact",
        },
      ];
    }
    if (isSendingOff(event))
      return [
        {
          kind: "red-card",
          side: event.side,
          position,
          minute: event.minute,
          label: codeOf(match[event.side]),
          timing: "exact",
        },
      ];
    return [];
  });
}

/** The ticks to draw: the recorded ones, closed by the result when the full-time tick is missing. */
function chartTicks(match: ChartMatch): LiveProbabilityTick[] | null {
  const ticks = match.liveProbabilityHistory;
  if (match.state !== "post-match" || match.homeScore === null || match.awayScore === null) return null;
  const inPlay = ticks.filter(
    (tick) => tick.period !== "full-time" && !(tick.period === "first-half" && tick.minute === 0),
  );
  if (inPlay.length === 0 || ticks[0].minute !== 0 || ticks[0].period !== "first-half") return null;
  if (ticks.at(-1)!.period === "full-time") return ticks;
  const last = ticks.at(-1)!;
  return [...ticks, fullTimeTick({ home: match.homeScore, away: match.awayScore }, last.redCards)];
}

/** The section (its id and markup), or null when the match is not final or no reading in play was recorded. */
export function probabilityChartSection(match: ChartMatch): { id: string; markup: ServerHtml } | null {
  const ticks = chartTicks(match);
  if (!ticks) return null;
  return {
    id: PROBABILITY_CHART_SECTION_ID,
    markup: renderServerHtml(
      <ProbabilityChart
        ticks={ticks}
        home={match.home}
        away={match.away}
        events={chartEventsOf(match)}
        headingId={`${PROBABILITY_CHART_SECTION_ID}-title`}
      />,
    ),
  };
}
