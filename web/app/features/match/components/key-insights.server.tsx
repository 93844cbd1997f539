/**
 * The key insights section's parts (match-sections.server.tsx puts them in order): the editors'
 * insights and tactical analysis, the model's probabilities, the market's odds, the match stats
 * and the head-to-head; each given only the values it shows, and nothing shown without them.
 * The match events are in match-events.server.tsx. Rendered on the server only.
 */
import { formatPercent } from "@shared/domain/format";
import type { MatchDetail } from "../match-detail.server";
import { HEAD_TO_HEAD_HEADING, NO_MEETINGS_TEXT, TACTICAL_ANALYSIS_HEADING } from "../match";
import type { EditMark } from "~/features/content/editable.server";
import { RichText } from "~/features/content/components/RichText";
import type { ServerHtml } from "~/components/ServerMarkup";
import { KickoffTime } from "./KickoffTime";
import { Editorial, type Names, type Notes } from "./match-section-content.server";

const percent = (probability: number) => formatPercent(probability * 100);
const price = (value: number | null) => (value === null ? "–" : value.toFixed(2));

/** Key insights: the editors' list of insights, or nothing without one. */
export function KeyInsightsList({ insights, edit }: { insights: readonly string[]; edit: EditMark }) {
  if (insights.length === 0) return null;
  return (
    <ul className="insights">
      {insights.map((insight, index) => (
        <li key={insight} data-sanity={edit(`keyInsights[${index}]`)}>
          {insight}
        </li>
      ))}
    </ul>
  );
}

/** Key insights: the editors' tactical analysis, or nothing without one. */
export function TacticalAnalysis({ html, editMark }: { html: ServerHtml | null; editMark?: string }) {
  if (!html) return null;
  return (
    <div className="stat-block">
      <h3>{TACTICAL_ANALYSIS_HEADING}</h3>
      <RichText value={html} editMark={editMark} />
    </div>
  );
}

/** Key insights: the model's probabilities, or nothing without a prediction. */
export function ModelProbabilities({ probabilities, homeName, awayName }: Names & Pick<MatchDetail, "probabilities">) {
  if (!probabilities) return null;
  return (
    <div className="stat-block">
      <h3>Model probabilities</h3>
      <dl className="probabilities">
        <div>
          <dt>{homeName} win</dt>
          <dd>{percent(probabilities.home)}</dd>
        </div>
        <div>
          <dt>Draw</dt>
          <dd>{percent(probabilities.draw)}</dd>
        </div>
        <div>
          <dt>{awayName} win</dt>
          <dd>{percent(probabilities.away)}</dd>
        </div>
        <div>
          <dt>Over 2.5 goals</dt>
          <dd>{percent(probabilities.over25)}</dd>
        </div>
        <div>
          <dt>Both teams to score</dt>
          <dd>{percent(probabilities.btts)}</dd>
        </div>
        <div>
          <dt>Expected goals</dt>
          <dd>
            {probabilities.expectedGoalsHome.toFixed(2)} – {probabilities.expectedGoalsAway.toFixed(2)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** Key insights: the market's odds, or nothing without them. */
export function MarketOdds({ odds, homeName, awayName }: Names & Pick<MatchDetail, "odds">) {
  if (!odds) return null;
  return (
    <div className="stat-block">
      <h3>Market odds</h3>
      <dl className="probabilities">
        <div>
          <dt>1 · {homeName}</dt>
          <dd>{price(odds.home)}</dd>
        </div>
        <div>
          <dt>X · Draw</dt>
          <dd>{price(odds.draw)}</dd>
        </div>
        <div>
          <dt>2 · {awayName}</dt>
          <dd>{price(odds.away)}</dd>
        </div>
        <div>
          <dt>Over 2.5</dt>
          <dd>{price(odds.over25)}</dd>
        </div>
        <div>
          <dt>Under 2.5</dt>
          <dd>{price(odds.under25)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** Key insights: the match stats side by side, or nothing without any. */
export function MatchStats({ stats, homeName, awayName }: Names & Pick<MatchDetail, "stats">) {
  if (stats.length === 0) return null;
  return (
    <div className="stat-block">
      <h3>Match stats</h3>
      <table className="compare-table">
        <thead>
          <tr>
            <th scope="col">{homeName}</th>
            <th scope="col">Stat</th>
            <th scope="col">{awayName}</th>
          </tr>
        </thead>
        <tbody>
          {stats.map((stat) => (
            <tr key={stat.label}>
              <td>{stat.home}</td>
              <th scope="row">{stat.label}</th>
              <td>{stat.away}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Key insights: the editors' head-to-head notes and the teams' past meetings. */
export function HeadToHead({ meetings, notes, editMark }: Notes & { meetings: MatchDetail["headToHead"] }) {
  return (
    <div className="stat-block">
      <h3>{HEAD_TO_HEAD_HEADING}</h3>
      <Editorial html={notes} editMark={editMark} />
      {meetings.length === 0 ? (
        notes ? null : (
          <p className="empty-text">{NO_MEETINGS_TEXT}</p>
        )
      ) : (
        <ul className="h2h">
          {meetings.map((meeting) => (
            <li key={meeting.kickoffAt}>
              <KickoffTime iso={meeting.kickoffAt} dateOnly />: {meeting.home} {meeting.score} {meeting.away}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
