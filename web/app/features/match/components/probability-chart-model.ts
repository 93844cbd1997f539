/**
 * The model behind 'Win probability through the match' (ProbabilityChart): from the recorded
 * ticks, the chart's geometry, lines, goal and red-card marks, and the summary and description
 * it says in words. Pure: no React, nothing rendered.
 */
import { ordinal } from "@shared/domain/format";
import { tickPosition, type LiveProbabilityTick } from "@shared/model/live-probability-history";
import { wholePercents } from "./LiveProbabilityView";

export const PROBABILITY_CHART_TITLE = "Win probability through the match";

type Outcome = "home" | "draw" | "away";

export interface ChartTeam {
  name: string;
  code: string | null;
}

/** A goal or a sending-off, as a mark on the minute axis. */
export interface ChartEvent {
  kind: "goal" | "red-card";
  side: "home" | "away";
  /** Where it stands on the minute axis (tickPosition's scale). */
  position: number;
  /** The broadcast minute, e.g. 67 (for the summary's 'the 67th-minute goal'). */
  minute: number;
  /** The axis label: the score after a goal ('1-0'), the side's code after a red card. */
  label: string;
  /**
   * 'exact': from the match's events, its minute is known; 'seen': first seen in a recorded
   * reading, within GAP_MINUTES of the one before (by that minute); 'unknown': first seen in a
   * reading after a stretch with none (before readings began, or a gap in them), so the chart
   * cannot say when it happened; it is drawn at the start of that stretch and says so.
   */
  timing: "exact" | "seen" | "unknown";
  /** The reading that first showed it, on the minute axis: what the summary orders goals by. */
  seenAt?: number;
  /** The minute of that reading, as text ('80'', 'full time'), for an event whose time is unknown. */
  seenText?: string;
}

/** The chart's geometry, in the SVG's user units. */
export const CHART = { width: 320, height: 200, left: 34, right: 44, top: 10, bottom: 56 } as const;
export const PLOT_WIDTH = CHART.width - CHART.left - CHART.right;
export const PLOT_HEIGHT = CHART.height - CHART.top - CHART.bottom;
/** Minutes of play between two readings beyond which the stretch is marked as having none. */
const GAP_MINUTES = 10;
/** The height of the red cards' row of marks under the minute axis. */
export const RED_CARD_ROW = 14;
/** The least vertical room between two direct labels. */
const LABEL_GAP = 11;

export const DASHES: Record<Outcome, string | undefined> = { home: undefined, draw: "7 4", away: "1.5 3.5" };
export const PATTERN_NAMES: Record<Outcome, string> = { home: "solid line", draw: "dashed line", away: "dotted line" };

function codeOf(team: ChartTeam): string {
  return (
    team.code ??
    team.name
      .replace(/[^\p{L}]/gu, "")
      .slice(0, 3)
      .toUpperCase()
  );
}

const percentOf = (p: number) => Math.round(p * 100);

/** The ticks with their places on the minute axis; the full-time tick just after the last one. */
function placed(ticks: readonly LiveProbabilityTick[]): Array<LiveProbabilityTick & { x: number }> {
  const result: Array<LiveProbabilityTick & { x: number }> = [];
  for (const tick of ticks) {
    const previous = result.at(-1)?.x ?? 0;
    const x = tick.period === "full-time" ? Math.max(90, previous) + 2 : Math.max(previous, tickPosition(tick));
    result.push({ ...tick, x });
  }
  return result;
}

/**
 * Goals and sending-offs from the score changes the recorded readings show: where a tick's
 * score or red cards are higher than the one before, one mark per goal or card at that tick
 * (the minute the change was first seen). A change seen after a stretch with no reading (the
 * kick-off tick is the published forecast, not a reading, so a change in the first reading is
 * one) has no known time: it is marked at the start of the stretch as 'time unknown'. Goals of
 * one side seen together are labelled with the score after each; goals of both sides seen
 * together, whose order is unknown, with the score after them all.
 */
export function eventsFromTicks(
  ticks: readonly LiveProbabilityTick[],
  teams: { home: ChartTeam; away: ChartTeam },
): ChartEvent[] {
  const events: ChartEvent[] = [];
  const at = placed(ticks);
  for (let i = 1; i < at.length; i++) {
    const [before, now] = [at[i - 1], at[i]];
    const unknown = now.x - before.x > GAP_MINUTES;
    const timing = unknown ? ("unknown" as const) : ("seen" as const);
    const place = unknown
      ? { position: before.x, minute: before.minute, timing, seenAt: now.x, seenText: minuteText(now) }
      : { position: now.x, minute: now.minute, timing, seenAt: now.x };
    const goals = { home: now.score.home - before.score.home, away: now.score.away - before.score.away };
    const finalLabel = `${now.score.home}-${now.score.away}`;
    const bothSides = goals.home > 0 && goals.away > 0;
    const score = { ...before.score };
    for (const side of ["home", "away"] as const) {
      for (let goal = 0; goal < goals[side]; goal++) {
        score[side] += 1;
        events.push({ kind: "goal", side, ...place, label: bothSides ? finalLabel : `${score.home}-${score.away}` });
      }
    }
    for (const side of ["home", "away"] as const) {
      for (let card = before.redCards[side]; card < now.redCards[side]; card++) {
        events.push({ kind: "red-card", side, ...place, label: codeOf(teams[side]) });
      }
    }
  }
  return events;
}

/** Marks at one place on the axis of one kind: drawn side by side, with one label. */
export interface ChartMarkGroup {
  kind: ChartEvent["kind"];
  x: number;
  timing: ChartEvent["timing"];
  /** The marks' offsets from x, in user units. */
  offsets: number[];
  /** The group's label: the distinct labels in order ('1-1 1-2'), with 'time unknown' when it is. */
  label: string;
  /** The distinct labels: more marks than labels when goals of both sides were seen together. */
  labels: string[];
  /** The group's first event (its side, minute and timing). */
  first: ChartEvent;
}

export const MARK_SPACING = 7;

function markGroups(events: ReadonlyArray<ChartEvent & { x: number }>): ChartMarkGroup[] {
  const groups: ChartMarkGroup[] = [];
  for (const event of events) {
    let group = groups.find((g) => g.kind === event.kind && g.x === event.x && g.timing === event.timing);
    if (!group) {
      group = { kind: event.kind, x: event.x, timing: event.timing, offsets: [], label: "", labels: [], first: event };
      groups.push(group);
    }
    group.offsets.push(0);
    if (!group.labels.includes(event.label)) group.labels.push(event.label);
  }
  return groups.map((group) => ({
    ...group,
    offsets: group.offsets.map((_, k) => round((k - (group.offsets.length - 1) / 2) * MARK_SPACING)),
    label: group.labels.join(" ") + (group.timing === "unknown" ? ", time unknown" : ""),
  }));
}

export interface ProbabilityChartModel {
  domain: number;
  /** Stretches of play with no reading recorded (the worker was not following the match), in user units. */
  gaps: Array<{ x1: number; x2: number }>;
  lines: Array<{
    outcome: Outcome;
    name: string;
    code: string;
    points: Array<{ x: number; y: number }>;
    label: { y: number; text: string };
  }>;
  events: Array<ChartEvent & { x: number }>;
  /** The events as drawn: marks at one place side by side under one label. */
  marks: ChartMarkGroup[];
  summary: string;
  description: string;
}

export const xOf = (position: number, domain: number) => CHART.left + (position / domain) * PLOT_WIDTH;
export const yOf = (probability: number) => CHART.top + (1 - probability) * PLOT_HEIGHT;
export const round = (value: number) => Math.round(value * 10) / 10;

/** Label positions near `wanted` (ascending), at least LABEL_GAP apart, within the plot. */
function spread(wanted: readonly number[]): number[] {
  const order = wanted.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y);
  const top = CHART.top + 4;
  const bottom = CHART.top + PLOT_HEIGHT + 4;
  for (let k = 0; k < order.length; k++) order[k].y = Math.max(order[k].y, k === 0 ? top : order[k - 1].y + LABEL_GAP);
  for (let k = order.length - 1; k >= 0; k--) {
    order[k].y = Math.min(order[k].y, k === order.length - 1 ? bottom : order[k + 1].y - LABEL_GAP);
  }
  const result: number[] = [];
  for (const { y, i } of order) result[i] = y;
  return result;
}

function minuteText(tick: LiveProbabilityTick): string {
  if (tick.period === "half-time") return "half-time";
  if (tick.period === "full-time") return "full time";
  if (tick.minute === 0) return "kick-off";
  return tick.addedMinute ? `${tick.minute}+${tick.addedMinute}'` : `${tick.minute}'`;
}

/** Everything the chart draws and says, from the ticks in match order. */
export function probabilityChartModel(
  ticks: readonly LiveProbabilityTick[],
  teams: { home: ChartTeam; away: ChartTeam },
  knownEvents: readonly ChartEvent[] | null = null,
): ProbabilityChartModel {
  const at = placed(ticks);
  const domain = Math.max(92, at.at(-1)?.x ?? 92);
  const names: Record<Outcome, string> = { home: teams.home.name, draw: "Draw", away: teams.away.name };
  const codes: Record<Outcome, string> = { home: codeOf(teams.home), draw: "Draw", away: codeOf(teams.away) };
  const outcomes: Outcome[] = ["home", "draw", "away"];
  const last = at.at(-1)!;
  const labelYs = spread(outcomes.map((o) => yOf(last[o]) + 3.5));
  const lines = outcomes.map((outcome, i) => ({
    outcome,
    name: names[outcome],
    code: codes[outcome],
    points: at.map((tick) => ({ x: round(xOf(tick.x, domain)), y: round(yOf(tick[outcome])) })),
    label: { y: round(labelYs[i]), text: codes[outcome] },
  }));
  const events = (knownEvents ?? eventsFromTicks(ticks, teams)).map((event) => ({
    ...event,
    x: round(xOf(Math.min(event.position, domain), domain)),
  }));

  // More than ten minutes of play between two readings: the line there is a straight join, not data.
  const gaps = at
    .slice(1)
    .flatMap((tick, i) =>
      tick.x - at[i].x > GAP_MINUTES ? [{ x1: round(xOf(at[i].x, domain)), x2: round(xOf(tick.x, domain)) }] : [],
    );
  const first = at[0];
  const [home, draw, away] = wholePercents([first.home, first.draw, first.away]);
  const final = last.score;
  const winner: Outcome = final.home > final.away ? "home" : final.home < final.away ? "away" : "draw";
  // The winner's (or the draw's) highest chance before the whistle, the earliest tick reaching it.
  const inPlay = at.filter((tick) => tick.period !== "full-time");
  const peak = inPlay.reduce((best, tick) => (tick[winner] > best[winner] ? tick : best), inPlay[0] ?? first);
  // The last goal seen by the peak's reading; one whose time is unknown is not credited with it.
  const seenAt = (e: ChartEvent) => e.seenAt ?? e.position;
  const goalBefore = events
    .filter((e) => e.kind === "goal" && seenAt(e) <= peak.x + 1e-9)
    .sort((a, b) => seenAt(a) - seenAt(b))
    .at(-1);
  const subject = winner === "draw" ? "The draw's chance" : `${names[winner]}'s chance`;
  const afterGoal =
    !goalBefore || goalBefore.timing === "unknown"
      ? null
      : goalBefore.timing === "exact"
        ? `the ${ordinal(goalBefore.minute)}-minute goal`
        : `the goal that made it ${goalBefore.label}`;
  let peakText = `${subject} was highest at kick-off, ${percentOf(peak[winner])}%`;
  if (peak !== first) {
    peakText = `${subject} peaked at ${percentOf(peak[winner])}%`;
    if (afterGoal && goalBefore!.position === peak.x) peakText += ` after ${afterGoal}`;
    else peakText += ` at ${minuteText(peak)}` + (afterGoal ? `, after ${afterGoal}` : "");
  }
  const summary = `At kick-off: ${names.home} ${home}%, draw ${draw}%, ${names.away} ${away}%. ${peakText}. Final score ${final.home}-${final.away}.`;
  const when = (e: ChartEvent) =>
    e.timing === "exact"
      ? `${ordinal(e.minute)} minute`
      : e.timing === "unknown"
        ? `time unknown, first seen at ${e.seenText ?? "a later reading"}`
        : e.position > 90
          ? "by full time"
          : `by the ${ordinal(e.minute)} minute`;
  const marks = markGroups(events);
  const goals = marks
    .filter((g) => g.kind === "goal")
    .map((g) =>
      g.labels.length < g.offsets.length
        ? `${g.offsets.length} goals, order unknown, to ${g.labels.join(" ")} (${when(g.first)})`
        : g.labels.map((label) => `${label} (${when(g.first)})`).join(", "),
    );
  const cards = events.filter((e) => e.kind === "red-card").map((e) => `${names[e.side]} (${when(e)})`);
  const description =
    `Line chart of the win probability from kick-off to full time, 0 to 100% against the minute: ` +
    outcomes
      .map((o) => `${names[o]} as a ${PATTERN_NAMES[o]}, from ${percentOf(first[o])}% to ${percentOf(last[o])}%`)
      .join("; ") +
    `. Goals: ${goals.length > 0 ? goals.join(", ") : "none"}.` +
    (cards.length > 0 ? ` Red cards: ${cards.join(", ")}.` : "");
  const gapText =
    gaps.length > 0
      ? ` The line is a straight join where no reading was recorded for more than ${GAP_MINUTES} minutes.`
      : "";
  return { domain, gaps, lines, events, marks, summary, description: description + gapText };
}
