import type { ReactNode } from "react";
import type { ParlayPick } from "@shared/domain/parlay";
import { ServerMarkup, type ServerHtml } from "~/components/ServerMarkup";

/** The match header's data (match-hero.server.tsx): its texts, its server-rendered parts and the parlay pick. */
export interface MatchHeroView {
  leagueName: string;
  /** "Arsenal vs Chelsea Prediction". */
  title: string;
  parlayPick: ParlayPick;
  markup: {
    /** Kick-off, venue and referee. */
    meta: ServerHtml;
    /** The teams with VS, the live score or the final score. */
    teams: ServerHtml;
    /** The best pick with its confidence, projected score and HIT/MISS. */
    pickBox: ServerHtml;
    /** The parlay add button in its first state, in a slot the browser takes over (ParlayButtonSlot). */
    parlayButton: ServerHtml;
  };
}

/**
 * The match header of the match view, in both modes: league, title, kick-off, the teams with
 * VS, the live score or the final score, the best pick with its confidence and projected score,
 * and the parlay add button. `children` come between the best pick and the button.
 */
export function MatchHero({
  hero,
  titleAs: Title,
  titleId,
  children,
}: {
  hero: MatchHeroView;
  /** h1 on the match page; a lower level where the view sits inside another page. */
  titleAs: "h1" | "h3";
  titleId?: string;
  children?: ReactNode;
}) {
  return (
    <header className="match-hero">
      <p className="badge">{hero.leagueName}</p>
      <Title id={titleId}>{hero.title}</Title>
      <ServerMarkup as="p" className="match-hero__meta" markup={hero.markup.meta} />
      <ServerMarkup as="div" className="match-hero__teams" markup={hero.markup.teams} />
      <ServerMarkup as="div" className="pick-box pick-box--hero" markup={hero.markup.pickBox} />
      {children}
      <ServerMarkup as="div" className="match-hero__parlay" markup={hero.markup.parlayButton} />
    </header>
  );
}
