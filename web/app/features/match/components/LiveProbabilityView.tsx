/**
 * 'Win probability now': the live win probability of a match in play as three labelled bars
 * (home, draw, away) and the over 2.5 and both-teams-to-score chances. Rendered on the server
 * only (server markup); every number is text, the bars only repeat it.
 */
import type { LiveProbabilityNow } from "@shared/model/live-match-probability";

export const LIVE_PROBABILITY_TITLE = "Win probability now";

/** Whole percentages that add up to 100 (largest remainders get the leftover points). */
export function wholePercents(probabilities: readonly number[]): number[] {
  const total = probabilities.reduce((sum, p) => sum + p, 0) || 1;
  const exact = probabilities.map((p) => (p / total) * 100);
  const whole = exact.map(Math.floor);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (let k = 0, left = 100 - whole.reduce((sum, v) => sum + v, 0); k < left; k++)
    whole[order[k % order.length].index] += 1;
  return whole;
}

/** "63'", "45+2'", 'half-time', as the score line writes minutes. */
export function liveMinuteLabel(status: string | null, minute: number, injuryTime: number | null): string {
  if (status === "HT") return "half-time";
  return injuryTime ? `${minute}+${injuryTime}'` : `${minute}'`;
}

export interface LiveProbabilityProps {
  probability: LiveProbabilityNow;
  homeName: string;
  awayName: string;
  minuteLabel: string;
  /** The heading level and id: a section's h2, or none inside a card. */
  headingId?: string;
}

function Bar({ percent, outcome }: { percent: number; outcome: string }) {
  return (
    <svg
      className="live-probability__bar"
      viewBox="0 0 100 10"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <rect className="live-probability__track" width="100" height="10" rx="2" />
      <rect
        className={`live-probability__fill live-probability__fill--${outcome}`}
        width={percent}
        height="10"
        rx="2"
      />
    </svg>
  );
}

export function LiveProbabilityView({ probability, homeName, awayName, minuteLabel, headingId }: LiveProbabilityProps) {
  const [home, draw, away] = wholePercents([probability.home, probability.draw, probability.away]);
  const rows = [
    { outcome: "home", label: homeName, percent: home },
    { outcome: "draw", label: "Draw", percent: draw },
    { outcome: "away", label: awayName, percent: away },
  ];
  return (
    <div className="live-probability" data-live-probability="">
      {headingId ? (
        <h2 id={headingId}>{LIVE_PROBABILITY_TITLE}</h2>
      ) : (
        <p className="live-probability__title">{LIVE_PROBABILITY_TITLE}</p>
      )}
      <p className="live-probability__when">
        At <span data-live-probability-minute="">{minuteLabel}</span>, from the score, red cards and the pre-match
        expected goals
      </p>
      <dl className="live-probability__results">
        {rows.map(({ outcome, label, percent }) => (
          <div key={outcome} className="live-probability__row" data-outcome={outcome}>
            <dt>{label}</dt>
            <dd>
              <Bar percent={percent} outcome={outcome} />
              <span className="live-probability__value" data-percent={percent}>
                {percent}%
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <dl className="live-probability__goals">
        <div>
          <dt>Over 2.5 goals</dt>
          <dd data-market="over25">{Math.round(probability.over25 * 100)}%</dd>
        </div>
        <div>
          <dt>Both teams score</dt>
          <dd data-market="btts">{Math.round(probability.btts * 100)}%</dd>
        </div>
      </dl>
    </div>
  );
}

/** The three results as text: 'Arsenal 62% · Draw 25% · Sunderland 13%'. */
export function LiveProbabilityText({
  probability,
  homeName,
  awayName,
}: Pick<LiveProbabilityProps, "probability" | "homeName" | "awayName">) {
  const [home, draw, away] = wholePercents([probability.home, probability.draw, probability.away]);
  return <>{`${homeName} ${home}% · Draw ${draw}% · ${awayName} ${away}%`}</>;
}

/** The one-line form for a live match card. */
export function LiveProbabilityLine(props: Pick<LiveProbabilityProps, "probability" | "homeName" | "awayName">) {
  return (
    <p className="live-probability-line muted" data-live-probability-line="">
      {LIVE_PROBABILITY_TITLE}: <LiveProbabilityText {...props} />
    </p>
  );
}
