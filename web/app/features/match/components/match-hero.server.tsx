/**
 * The match header's parts that the browser only shows, rendered on the server (the kick-off
 * line, the teams with the score, the best pick box, and the embedded view's three picks), and
 * the pick its parlay button adds. The match page sends them with its data, and so does the
 * embedded view's refresh (resource.embedded-match.$id.ts), so the browser never renders a
 * score or a pick itself.
 */
import { formatPercent } from "@shared/domain/format";
import { LEAGUES } from "@shared/domain/leagues";
import type { PickProbabilities } from "../pick-probabilities.server";
import type { MatchSummary } from "../match-detail.server";
import { matchBreadcrumb, pickConfidenceTexts } from "../match-cards";
import { renderServerHtml } from "~/server-markup.server";
import type { ServerHtml } from "~/components/ServerMarkup";
import { KickoffTime } from "./KickoffTime";
import { LIVE_PROBABILITY_TITLE, LiveProbabilityText } from "./LiveProbabilityView";
import { matchParlayPick } from "./parlay-pick";
import type { MatchHeroView } from "./MatchHero";
import { PickVerdict } from "./PickBox";
import { PickOutcomeBadge } from "./PickOutcomeBadge";
import { ParlayButtonSlot } from "~/features/parlay/components/ParlayButtonSlot";
import { Scoreline } from "./Scoreline";

type HeroMatch = Pick<
  MatchSummary,
  | "id"
  | "league"
  | "href"
  | "kickoffAt"
  | "state"
  | "status"
  | "minute"
  | "injuryTime"
  | "home"
  | "away"
  | "homeScore"
  | "awayScore"
  | "resolution"
  | "venue"
  | "referee"
  | "updatedAgo"
  | "updatedAgoMs"
>;

export function matchHeroView(match: HeroMatch, probabilities: PickProbabilities): MatchHeroView {
  const { resolution, home, away } = match;
  const confidence = pickConfidenceTexts(resolution);
  const parlayPick = matchParlayPick(match, probabilities.best);
  return {
    leagueName: LEAGUES[match.league].name,
    title: matchBreadcrumb(home.name, away.name),
    parlayPick,
    markup: {
      meta: renderServerHtml(
        <>
          <KickoffTime iso={match.kickoffAt} />
          {match.venue ? ` · ${match.venue}` : null}
          {match.referee ? ` · Referee ${match.referee}` : null}
        </>,
      ),
      teams: renderServerHtml(
        <>
          <span className="match-hero__team">{home.name}</span>
          <Scoreline match={match} updatedAgo={match.updatedAgo} updatedAgoMs={match.updatedAgoMs} />
          <span className="match-hero__team">{away.name}</span>
        </>,
      ),
      pickBox: renderServerHtml(
        <>
          <span className="pick-box__label">Best Pick</span>
          <strong className="pick-box__pick">{resolution.bestPick}</strong>
          {confidence.confidence ? <span className="pick-box__confidence">{confidence.confidence}</span> : null}
          {resolution.projectedScore ? (
            <span className="pick-box__score">Projected score {resolution.projectedScore}</span>
          ) : null}
          <PickVerdict outcome={resolution.picks.best.outcome} preMatch={confidence.preMatch} />
        </>,
      ),
      parlayButton: renderServerHtml(<ParlayButtonSlot pick={parlayPick} />),
    },
  };
}

/** The embedded view's three picks with the model's probabilities: the contents of its list. */
export function embeddedPicksMarkup(
  match: Pick<MatchSummary, "resolution" | "liveProbability" | "home" | "away">,
  probabilities: PickProbabilities,
): ServerHtml {
  const { resolution, liveProbability } = match;
  const picks = [
    { label: "Match Result", pick: resolution.picks.result, probability: probabilities.result },
    { label: "Over/Under", pick: resolution.picks.overUnder, probability: probabilities.overUnder },
    { label: "Both Teams to Score", pick: resolution.picks.btts, probability: probabilities.btts },
  ];
  return renderServerHtml(
    <>
      {picks.map(({ label, pick, probability }) => (
        <div key={label} className="embedded-pick">
          <dt>{label}</dt>
          <dd className="embedded-pick__text">
            <strong>{pick.text}</strong> <PickOutcomeBadge outcome={pick.outcome} />
          </dd>
          {probability === null ? null : (
            <dd className="embedded-pick__probability">Model probability {formatPercent(probability * 100)}</dd>
          )}
        </div>
      ))}
      {liveProbability ? (
        <div className="embedded-pick">
          <dt>{LIVE_PROBABILITY_TITLE}</dt>
          <dd className="embedded-pick__text">
            <LiveProbabilityText probability={liveProbability} homeName={match.home.name} awayName={match.away.name} />
          </dd>
        </div>
      ) : null}
    </>,
  );
}
