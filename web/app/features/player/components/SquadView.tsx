import { Link } from "@remix-run/react";
import { POSITION_GROUP_HEADINGS, type PositionGroup } from "@shared/domain/player-stats";
import { HOME } from "@shared/domain/site";
import { Breadcrumb } from "~/components/Breadcrumb";
import type { SquadPlayer } from "../players.schema";
import { squadHeading } from "../player";
import { PLAYER_DATA_COMING_SOON_TEXT, PLAYER_STATS_MISSING_TEXT } from "~/page-texts/shared";

export interface SquadPageData {
  leagueName: string;
  leagueHref: string;
  team: { id: number; name: string; href: string; playersHref: string; badge: string };
  seasonLabel: string;
  groups: { position: PositionGroup; players: SquadPlayer[] }[];
  count: number;
}

function seasonLine(season: NonNullable<SquadPlayer["season"]>): string {
  const rating = season.rating === "N/A" ? "" : ` · rating ${season.rating}`;
  return `${season.appearances} apps · ${season.goals} goals · ${season.assists} assists${rating}`;
}

/** A club's players this season, grouped by position, each linking to his page. */
export function SquadView({ page }: { page: SquadPageData }) {
  const { team } = page;
  return (
    <div className="page squad-page">
      <Breadcrumb
        crumbs={[
          { label: "Home", href: HOME },
          { label: page.leagueName, href: page.leagueHref },
          { label: team.name, href: team.href },
          { label: "Players" },
        ]}
      />
      <header className="page-header player-header">
        <img className="player-header__badge" src={team.badge} alt="" width={64} height={64} />
        <div>
          <h1>{squadHeading(team.name)}</h1>
          <p className="muted">
            {page.leagueName} · {page.seasonLabel}
          </p>
        </div>
      </header>
      {page.count === 0 ? (
        <p className="empty-text page-section">{PLAYER_STATS_MISSING_TEXT}</p>
      ) : (
        page.groups.map((group) => (
          <section key={group.position} className="page-section" aria-labelledby={`squad-${group.position}`}>
            <h2 id={`squad-${group.position}`}>{POSITION_GROUP_HEADINGS[group.position]}</h2>
            <ul className="squad-list">
              {group.players.map((player) => (
                <li key={player.id} className="squad-list__player">
                  <Link to={player.href} className="squad-list__name">
                    {player.name}
                  </Link>
                  {player.nationality ? <span className="muted"> {player.nationality}</span> : null}
                  <span className="squad-list__season">
                    {player.season ? seasonLine(player.season) : PLAYER_DATA_COMING_SOON_TEXT}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
