import type { ReactNode } from "react";
import { LEAGUES } from "../../../../shared/domain/leagues";
import { pickProbability } from "../../../../shared/domain/parlay-probability";
import type { EmbeddedMatch } from "../../embedded-match.server";
import { matchBreadcrumb } from "../../page-texts";
import { AddToParlayButton } from "./AddToParlayButton";
import { KickoffTime } from "./KickoffTime";
import { PickOutcomeBadge } from "./PickOutcomeBadge";
import { Scoreline } from "./Scoreline";

/**
 * The match header of the match view, in both modes: league, title, kick-off, the teams with
 * VS, the live score or the final score, the best pick with its confidence and projected score,
 * and the parlay add button. `children` come between the best pick and the button.
 */
export function MatchHero({
  match,
  titleAs: Title,
  titleId,
  children,
}: {
  match: EmbeddedMatch;
  /** h1 on the match page; a lower level where the view sits inside another page. */
  titleAs: "h1" | "h3";
  titleId?: string;
  children?: ReactNode;
}) {
  const { resolution, home, away } = match;
  const leagueName = LEAGUES[match.league].name;
  const bestPickProbability = pickProbability(resolution.bestPick, home.name, away.name, match.probabilities);
  return (
    <header className="match-hero">
      <p className="badge">{leagueName}</p>
      <Title id={titleId}>{matchBreadcrumb(home.name, away.name)}</Title>
      <p className="match-hero__meta">
        <KickoffTime iso={match.kickoffAt} />
        {match.venue ? ` · ${match.venue}` : null}
        {match.referee ? ` · Referee ${match.referee}` : null}
      </p>
      <div className="match-hero__teams">
        <span className="match-hero__team">{home.name}</span>
        <Scoreline match={match} updatedAgo={match.updatedAgo} />
        <span className="match-hero__team">{away.name}</span>
      </div>
      <div className="pick-box pick-box--hero">
        <span className="pick-box__label">Best Pick</span>
        <strong className="pick-box__pick">{resolution.bestPick}</strong>
        {resolution.isComingSoon ? null : <span className="pick-box__confidence">Confidence {resolution.confidenceLabel}</span>}
        {resolution.projectedScore ? <span className="pick-box__score">Projected score {resolution.projectedScore}</span> : null}
        <PickOutcomeBadge outcome={resolution.picks.best.outcome} />
      </div>
      {children}
      <AddToParlayButton
        pick={{
          id: `match-${match.id}`,
          pick: resolution.bestPick,
          league: leagueName,
          confidence: resolution.confidence,
          matchup: `${home.name} vs ${away.name}`,
          homeTeam: home.name,
          awayTeam: away.name,
          matchState: match.state,
          href: match.href,
          ...(bestPickProbability === null ? {} : { probability: bestPickProbability }),
        }}
      />
    </header>
  );
}
