import type { TeamLineup } from "../match-detail-sections.server";
import { FORMATION_COMING_SOON_TEXT, HEAD_COACH_COMING_SOON_TEXT, LINEUP_LATER_TEXT } from "../match";
import { KickoffTime } from "./KickoffTime";

/** One side's most recent lineup, with the spec's texts for whatever is missing. */
export function TeamLineupView({ teamName, lineup }: { teamName: string; lineup: TeamLineup | null }) {
  return (
    <div className="lineup">
      <h3>
        {teamName} {lineup?.formation ? lineup.formation : FORMATION_COMING_SOON_TEXT}
      </h3>
      <p className="muted">{lineup?.coach ? `Head Coach: ${lineup.coach}` : HEAD_COACH_COMING_SOON_TEXT}</p>
      {lineup && lineup.startXi.length > 0 ? (
        <>
          <p className="muted">
            Last lineup: <KickoffTime iso={lineup.kickoffAt} dateOnly /> vs {lineup.opponent}
          </p>
          <ol className="lineup__players">
            {lineup.startXi.map((player) => (
              <li key={`${player.id ?? player.name}-${player.number}`}>
                {player.number ?? ""} {player.name} {player.pos ? <span className="muted">({player.pos})</span> : null}
              </li>
            ))}
          </ol>
          {lineup.substitutes.length > 0 ? (
            <p className="lineup__bench">
              <strong>Bench:</strong> {lineup.substitutes.map((player) => player.name).join(", ")}
            </p>
          ) : null}
        </>
      ) : (
        <p className="empty-text">{LINEUP_LATER_TEXT}</p>
      )}
    </div>
  );
}
