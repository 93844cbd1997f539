/**
 * Key insights: how the market moved, from its opening prices to its latest (its closing ones
 * once the match has kicked off), with the margin taken out, and whether it moved toward our
 * forecast; after the whistle, one line says it. Rendered on the server only.
 */
import type { Direction, MarketMove, OddsMovement } from "@shared/model/odds-movement";
import { formatPercent } from "@shared/domain/format";

export const ODDS_MOVEMENT_HEADING = "Odds movement";
export const MOVED_TOWARD_US_TEXT = "The market moved toward us.";
export const MOVED_AWAY_TEXT = "The market moved away from us.";
export const DID_NOT_MOVE_TEXT = "The market did not move.";

const VERDICTS: Record<Direction, string> = {
  toward: MOVED_TOWARD_US_TEXT,
  away: MOVED_AWAY_TEXT,
  unchanged: DID_NOT_MOVE_TEXT,
};

const SOURCE_NAMES: Record<string, string> = {
  "market-average": "the market's average prices",
  pinnacle: "Pinnacle's prices",
  bet365: "bet365's prices",
};

/** "+4.2 pts", "−1.3 pts", "0.0 pts". */
export function movePoints(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  if (rounded === 0) return "0.0 pts";
  return `${rounded > 0 ? "+" : "−"}${Math.abs(rounded).toFixed(1)} pts`;
}

/** What a market's move says about our forecast, as a sentence. */
export function directionLine(label: string, move: MarketMove): string | null {
  if (move.direction === null || move.closerByPoints === null) return null;
  const by = Math.abs(move.closerByPoints).toFixed(1);
  if (move.direction === "toward") return `${label}: the market moved toward our forecast (${by} points closer).`;
  if (move.direction === "away") return `${label}: the market moved away from our forecast (${by} points further).`;
  return `${label}: the market barely moved against our forecast.`;
}

export function OddsMovementView({
  movement,
  homeName,
  awayName,
  kickedOff,
  finished,
}: {
  movement: OddsMovement | null;
  homeName: string;
  awayName: string;
  /** The latest prices are the closing ones. */
  kickedOff: boolean;
  /** After the whistle, the verdict line. */
  finished: boolean;
}) {
  if (!movement) return null;
  const labels: Record<string, string> = {
    home: `${homeName} win`,
    draw: "Draw",
    away: `${awayName} win`,
    over: "Over 2.5 goals",
    under: "Under 2.5 goals",
  };
  const moves = [movement.result, movement.goals].filter((move): move is MarketMove => move !== null);
  const verdict = (movement.result ?? movement.goals)?.direction ?? null;
  const sources = [...new Set(moves.map((move) => SOURCE_NAMES[move.source] ?? `${move.source}'s prices`))];
  const lines = [
    movement.result ? directionLine("1X2", movement.result) : null,
    movement.goals ? directionLine("Over/under 2.5", movement.goals) : null,
  ].filter((line): line is string => line !== null);
  return (
    <div className="stat-block odds-movement">
      <h3>{ODDS_MOVEMENT_HEADING}</h3>
      {finished && verdict ? <p className="odds-movement__verdict">{VERDICTS[verdict]}</p> : null}
      <div className="table-scroll">
        <table className="data-table odds-movement__table">
          <caption className="visually-hidden">
            Fair chances at the opening and {kickedOff ? "closing" : "latest"} prices, margin removed
          </caption>
          <thead>
            <tr>
              <th scope="col">Outcome</th>
              <th scope="col">Opening</th>
              <th scope="col">{kickedOff ? "Closing" : "Latest"}</th>
              <th scope="col">Move</th>
            </tr>
          </thead>
          <tbody>
            {moves.flatMap((move) =>
              move.outcomes.map((outcome) => (
                <tr key={outcome.outcome} data-outcome={outcome.outcome}>
                  <th scope="row">{labels[outcome.outcome]}</th>
                  <td>{formatPercent(outcome.opening * 100, 1)}</td>
                  <td>{formatPercent(outcome.latest * 100, 1)}</td>
                  <td>{movePoints(outcome.movePoints)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      <p className="muted odds-movement__note">
        From {sources.join(" and ")}, with the bookmakers&apos; margin taken out.
        {lines.map((line) => ` ${line}`).join("")}
      </p>
    </div>
  );
}
