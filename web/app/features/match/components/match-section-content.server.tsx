/**
 * The content of the match page's sections (match-sections.server.tsx lists them in order):
 * one component per section or part of a section, each given only the values it shows. Here the
 * editors' text of a section and the sections that show it beside each side's data (recent
 * lineups, key player stats, team form); the key insights' parts are in key-insights.server.tsx
 * and match-events.server.tsx, the final prediction in final-prediction.server.tsx.
 * Rendered on the server only.
 */
import type { TeamKeyPlayers } from "../key-players.server";
import type { MatchDetail } from "../match-detail.server";
import { LINEUPS_MISSING_TEXT, TEAM_FORM_EMPTY_TEXT } from "../match";
import { PLAYER_STATS_MISSING_TEXT } from "~/page-texts/shared";
import { RichText } from "~/features/content/components/RichText";
import type { ServerHtml } from "~/components/ServerMarkup";
import { KeyPlayersView } from "./KeyPlayersView";
import { KickoffTime } from "./KickoffTime";
import { TeamLineupView } from "./TeamLineupView";

type Team = MatchDetail["home"];
/** The two sides' names, for the blocks that show them side by side. */
export type Names = { homeName: string; awayName: string };
/** A section's editorial text (rendered, or null) and its click-to-edit mark in draft preview. */
export type Notes = { notes: ServerHtml | null; editMark?: string };
type KeyPlayers = { home: TeamKeyPlayers | null; away: TeamKeyPlayers | null };

/** Editorial text for a section, rendered, or null when the editors wrote none. */
export function Editorial({ html, editMark }: { html: ServerHtml | null; editMark?: string }) {
  return html ? <RichText value={html} editMark={editMark} /> : null;
}

/** Recent lineups: the editors' predicted lineups and each side's last lineup. */
export function RecentLineups({
  homeName,
  awayName,
  lineups,
  notes,
  editMark,
}: Names & Notes & { lineups: MatchDetail["lineups"] }) {
  return (
    <>
      <Editorial html={notes} editMark={editMark} />
      {lineups.home || lineups.away ? (
        <div className="form-columns">
          <TeamLineupView teamName={homeName} lineup={lineups.home} />
          <TeamLineupView teamName={awayName} lineup={lineups.away} />
        </div>
      ) : notes ? null : (
        <p className="empty-text">{LINEUPS_MISSING_TEXT}</p>
      )}
    </>
  );
}

/** Key player stats: the editors' notes and each side's key players. */
export function KeyPlayerStats({
  homeName,
  awayName,
  keyPlayers,
  notes,
  editMark,
}: Names & Notes & { keyPlayers: KeyPlayers }) {
  return (
    <>
      <Editorial html={notes} editMark={editMark} />
      {keyPlayers.home || keyPlayers.away ? (
        <div className="form-columns">
          <KeyPlayersView teamName={homeName} players={keyPlayers.home} />
          <KeyPlayersView teamName={awayName} players={keyPlayers.away} />
        </div>
      ) : notes ? null : (
        <p className="empty-text">{PLAYER_STATS_MISSING_TEXT}</p>
      )}
    </>
  );
}

/** Team form: the editors' notes on form and momentum and each side's last results. */
export function TeamForm({
  home,
  away,
  form,
  notes,
  editMark,
}: Notes & { home: Team; away: Team; form: MatchDetail["form"] }) {
  const hasForm = form.home.length > 0 || form.away.length > 0;
  return (
    <>
      <Editorial html={notes} editMark={editMark} />
      {hasForm ? (
        <div className="form-columns">
          {[
            { team: home, form: form.home },
            { team: away, form: form.away },
          ].map(({ team, form }) => (
            <div key={team.id}>
              <h3>
                {team.name}: last {form.length}
              </h3>
              <ul className="form-list">
                {form.map((entry) => (
                  <li key={entry.kickoffAt}>
                    <KickoffTime iso={entry.kickoffAt} dateOnly />{" "}
                    <span className={`form-pill form-pill--${entry.result.toLowerCase().replace("/", "")}`}>
                      {entry.result}
                    </span>{" "}
                    {entry.score} {entry.isHome ? "vs" : "at"} {entry.opponent}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : notes ? null : (
        <p className="empty-text">{TEAM_FORM_EMPTY_TEXT}</p>
      )}
    </>
  );
}
