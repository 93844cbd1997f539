import { PageLink } from "~/components/PageLink";
import type { KeyPlayer, TeamKeyPlayers } from "../key-players.server";
import { HIGH_RATING_TEXT } from "../match";
import { PLAYER_DATA_COMING_SOON_TEXT } from "~/page-texts/shared";

function PlayerLine({
  label,
  player,
  stat,
}: {
  label: string;
  player: KeyPlayer | null;
  stat: (p: KeyPlayer) => string;
}) {
  return (
    <li>
      <span className="muted">{label}:</span>{" "}
      {player ? (
        <>
          <strong>
            <PageLink to={player.href}>{player.name}</PageLink>
          </strong>{" "}
          {stat(player)}
          {player.highRating ? <span className="outcome outcome--hit"> {HIGH_RATING_TEXT}</span> : null}
        </>
      ) : (
        PLAYER_DATA_COMING_SOON_TEXT
      )}
    </li>
  );
}

const rating = (p: KeyPlayer) => (p.rating ? ` · rating ${p.rating}` : "");
const passes = (p: KeyPlayer) => (p.passAccuracy !== null ? ` · ${p.passAccuracy}% passes` : "");

/** A team's season standouts; the goalkeeper has a line of his own (spec 5). */
export function KeyPlayersView({ teamName, players }: { teamName: string; players: TeamKeyPlayers | null }) {
  return (
    <div>
      <h3>{teamName}</h3>
      <ul className="key-players">
        <PlayerLine
          label="Top Scorer"
          player={players?.topScorer ?? null}
          stat={(p) => `${p.goals} goals${rating(p)}`}
        />
        <PlayerLine
          label="Top Assists"
          player={players?.topAssists ?? null}
          stat={(p) => `${p.assists} assists${passes(p)}`}
        />
        <PlayerLine label="Top Rated" player={players?.topRated ?? null} stat={(p) => `${p.position}${rating(p)}`} />
        <PlayerLine label="Goalkeeper" player={players?.goalkeeper ?? null} stat={rating} />
      </ul>
    </div>
  );
}
