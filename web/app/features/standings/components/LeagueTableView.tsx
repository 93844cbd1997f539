import { ScrollRegion } from "~/components/ScrollRegion";
import { PageLink } from "~/components/PageLink";
import type { LeagueTableRow } from "../standings.server";
import { TeamBadge } from "~/components/TeamBadge";

/**
 * A league table with each position's band (Champions League Places 🔥, Europa League Places ⭐,
 * mid-table, Relegation Zone) named in text beside the emoji, so colour is never the only signal.
 */
export function LeagueTableView({
  rows,
  caption,
  highlightTeamIds = [],
}: {
  rows: readonly LeagueTableRow[];
  caption: string;
  highlightTeamIds?: readonly number[];
}) {
  return (
    <ScrollRegion label={caption}>
      <table className="league-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Team</th>
            <th scope="col">
              <abbr title="Played">P</abbr>
            </th>
            <th scope="col" className="league-table__wide">
              <abbr title="Won">W</abbr>
            </th>
            <th scope="col" className="league-table__wide">
              <abbr title="Drawn">D</abbr>
            </th>
            <th scope="col" className="league-table__wide">
              <abbr title="Lost">L</abbr>
            </th>
            <th scope="col">
              <abbr title="Goal difference">GD</abbr>
            </th>
            <th scope="col">
              <abbr title="Points">Pts</abbr>
            </th>
            <th scope="col" className="league-table__wide">
              Form
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.teamId}
              className={[
                row.band ? `band band--${row.band.key}` : "",
                highlightTeamIds.includes(row.teamId) ? "league-table__highlight" : "",
              ].join(" ")}
            >
              <td>
                {row.position}
                {row.band ? (
                  <span className="band__emoji" title={row.band.label}>
                    {" "}
                    <span aria-hidden="true">{row.band.emoji}</span>
                    <span className="visually-hidden">{row.band.label}</span>
                  </span>
                ) : null}
              </td>
              <th scope="row">
                <TeamBadge teamId={row.teamId} width={18} lazy />{" "}
                {row.teamHref ? <PageLink to={row.teamHref}>{row.teamName}</PageLink> : row.teamName}
              </th>
              <td>{row.played}</td>
              <td className="league-table__wide">{row.won}</td>
              <td className="league-table__wide">{row.drawn}</td>
              <td className="league-table__wide">{row.lost}</td>
              <td>{row.goalDifference > 0 ? `+${row.goalDifference}` : row.goalDifference}</td>
              <td>
                <strong>{row.points}</strong>
              </td>
              <td className="league-table__wide league-table__form">{row.form}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The key to the table's bands, in the spec's order. */
export function TableBandKey({ bands }: { bands: readonly { key: string; label: string; emoji: string }[] }) {
  return (
    <ul className="band-key" aria-label="Table key">
      {bands.map((band) => (
        <li key={band.key} className={`band band--${band.key}`}>
          <span aria-hidden="true">{band.emoji}</span> {band.label}
        </li>
      ))}
    </ul>
  );
}
