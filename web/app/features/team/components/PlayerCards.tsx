import type { ReactNode } from "react";
import { formatTeamRating } from "@shared/domain/format";
import { impactScore, isDefender } from "@shared/domain/team-squad";
import { playerSlug, playerUrl } from "@shared/domain/urls";
import type { TeamInfo, TeamPlayerStat } from "../teams.schema";
import { PageLink } from "~/components/PageLink";

function Figure({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function PlayerCard({ player, href, goalkeeper }: { player: TeamPlayerStat; href: string; goalkeeper: boolean }) {
  return (
    <article className="player-card" aria-labelledby={`player-${player.id}`}>
      <h3 id={`player-${player.id}`} className="player-card__name">
        <PageLink to={href}>{player.name}</PageLink>
      </h3>
      <p className="player-card__position muted">{player.position ?? "Unknown"}</p>
      <dl className="player-card__figures">
        <Figure label="Matches" value={player.matchesPlayed} />
        <Figure label="Minutes" value={player.minutesPlayed} />
        <Figure label="Goals | Assists" value={`${player.goals} | ${player.assists}`} />
        {goalkeeper ? null : <Figure label="Shots on Target" value={player.shotsOnTarget} />}
        {goalkeeper || player.passCompletionPercent !== null ? (
          <Figure
            label="Pass Completion"
            value={player.passCompletionPercent === null ? "n/a" : `${player.passCompletionPercent}%`}
          />
        ) : null}
        {!goalkeeper && isDefender(player.position) ? <Figure label="Tackles" value={player.tackles} /> : null}
        <Figure label="Yellow | Red" value={`${player.yellowCards} | ${player.redCards}`} />
        <Figure label={goalkeeper ? "Rating" : "Avg Rating"} value={formatTeamRating(player.rating)} />
        {goalkeeper ? (
          <>
            <Figure label="Goals Conceded" value={player.goalsConceded} />
            <Figure label="Clean Sheets" value={player.cleanSheets} />
          </>
        ) : (
          <Figure label="Impact Score (G+A)" value={impactScore(player)} className="player-card__impact" />
        )}
      </dl>
    </article>
  );
}

/** The squad's player cards, each linking to the player's page; `goalkeepers` shows the goalkeepers' figures. */
export function PlayerCards({
  players,
  info,
  goalkeepers,
}: {
  players: readonly TeamPlayerStat[];
  info: TeamInfo;
  goalkeepers: boolean;
}) {
  return (
    <ul className="player-cards">
      {players.map((player) => (
        <li key={player.id}>
          <PlayerCard
            player={player}
            goalkeeper={goalkeepers}
            href={playerUrl(info.league.key, info.team.slug, playerSlug(player.name, player.id))}
          />
        </li>
      ))}
    </ul>
  );
}
