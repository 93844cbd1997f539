/**
 * What's at stake: before kick-off, what the match means for each club's title, Champions League
 * and relegation chances, in a sentence per club and a small table of each club's biggest stake
 * today and after each result (shared/model/match-stakes.ts). Rendered on the server only.
 */
import { BIG_MATCH_DETAIL, BIG_MATCH_TEXT, stakesPercent, type MatchStakesView } from "@shared/model/match-stakes";
import { ScrollRegion } from "~/components/ScrollRegion";

export const STAKES_HEADING = "What's at stake";
export const STAKES_SOURCE_TEXT =
  "From the season outlook's simulated seasons: each club's chances in the seasons where this match ended in a win, a draw or a defeat.";

const cell = (p: number | null) => (p === null ? "n/a" : stakesPercent(p));

export function MatchStakesSection({ stakes }: { stakes: MatchStakesView | null }) {
  if (!stakes) return null;
  return (
    <div className="match-stakes" id="match-stakes">
      <h3>
        {STAKES_HEADING}
        {stakes.bigMatch ? (
          <>
            <span className="big-match-badge">{BIG_MATCH_TEXT}</span>
            <span className="visually-hidden"> ({BIG_MATCH_DETAIL})</span>
          </>
        ) : null}
      </h3>
      <ul className="match-stakes__sentences">
        {stakes.sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      {stakes.clubs.length > 0 ? (
        <ScrollRegion label="Season chances after each result">
          <table className="data-table">
            <caption className="visually-hidden">Each club's chance today and after a win, a draw or a defeat</caption>
            <thead>
              <tr>
                <th scope="col">Chance of</th>
                <th scope="col">Today</th>
                <th scope="col">Win</th>
                <th scope="col">Draw</th>
                <th scope="col">Defeat</th>
              </tr>
            </thead>
            <tbody>
              {stakes.clubs.map((club) => (
                <tr key={club.teamId} data-team={club.teamId}>
                  <th scope="row">
                    {club.name}
                    <span className="match-stakes__outcome">{club.label}</span>
                  </th>
                  <td>{cell(club.now)}</td>
                  <td>{cell(club.win)}</td>
                  <td>{cell(club.draw)}</td>
                  <td>{cell(club.loss)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      <p className="muted">{STAKES_SOURCE_TEXT}</p>
    </div>
  );
}
