import { PageLink } from "~/components/PageLink";
import { LEADERBOARD_KINDS, LEADERBOARD_TITLES, type LeaderboardKind } from "@shared/domain/player-stats";
import type { LeaderboardPlayer, Leaderboards } from "~/features/player/leaderboard.server";
import { NO_PLAYER_DATA_TEXT } from "../league";

interface Column {
  heading: string;
  /** The full name for screen readers and the tooltip. */
  title: string;
  value: (player: LeaderboardPlayer) => string | number;
}

const COLUMNS: Record<LeaderboardKind, [Column, Column]> = {
  "top-scorers": [
    { heading: "G", title: "Goals", value: (p) => p.goals },
    { heading: "Per Match", title: "Goals per match", value: (p) => p.goalsPerMatch },
  ],
  "top-assists": [
    { heading: "A", title: "Assists", value: (p) => p.assists },
    { heading: "Per Match", title: "Assists per match", value: (p) => p.assistsPerMatch },
  ],
  "top-rated": [
    { heading: "Rating", title: "Average rating", value: (p) => p.rating },
    { heading: "Apps", title: "Appearances", value: (p) => p.appearances },
  ],
};

function LeaderboardTable({
  kind,
  players,
  leagueName,
}: {
  kind: LeaderboardKind;
  players: LeaderboardPlayer[];
  leagueName: string;
}) {
  const id = `leaderboard-${kind}`;
  const columns = COLUMNS[kind];
  return (
    <section className="leaderboard-card" aria-labelledby={id}>
      <h3 id={id}>{LEADERBOARD_TITLES[kind]}</h3>
      {players.length === 0 ? (
        <p className="empty-text">{NO_PLAYER_DATA_TEXT}</p>
      ) : (
        <table className="leaderboard-table">
          <caption className="visually-hidden">
            {leagueName} {LEADERBOARD_TITLES[kind]}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <abbr title="Rank">#</abbr>
              </th>
              <th scope="col">Player</th>
              {columns.map((column) => (
                <th key={column.title} scope="col">
                  <abbr title={column.title}>{column.heading}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {players.map((player, index) => (
              <tr key={`${player.id}-${player.teamId}`}>
                <td>{index + 1}</td>
                <th scope="row">
                  <PageLink to={player.href}>{player.name}</PageLink>
                  <span className="leaderboard-table__team">{player.team}</span>
                </th>
                {columns.map((column) => (
                  <td key={column.title}>{column.value(player)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * The league's top scorers, top assists and top rated as three compact tables side by side
 * (stacked on small screens); one 'No player data available yet' when the league has none.
 */
export function LeaderboardTables({ boards, leagueName }: { boards: Leaderboards; leagueName: string }) {
  if (LEADERBOARD_KINDS.every((kind) => boards[kind].length === 0)) {
    return <p className="empty-text">{NO_PLAYER_DATA_TEXT}</p>;
  }
  return (
    <div className="leaderboards">
      {LEADERBOARD_KINDS.map((kind) => (
        <LeaderboardTable key={kind} kind={kind} players={boards[kind]} leagueName={leagueName} />
      ))}
    </div>
  );
}
