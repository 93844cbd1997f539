/**
 * The home page's parts that never change in the browser, rendered on the server
 * (home-page.server.tsx): the hero's contents, the week's top pick of each league, and the
 * link to the track record. The route renders each one's host element around the markup.
 */
import { ALGO_RESULTS } from "@shared/domain/urls";
import { COMING_SOON } from "@shared/domain/picks";
import type { HomeHero } from "../home.server";
import type { TopLeaguePick } from "../home-picks.server";
import { VIEW_RESULTS_TEXT } from "../home";
import { PageLink } from "~/components/PageLink";
import { MemoMarkup } from "~/components/MemoMarkup";
import { HomePickCard } from "./HomePickCard";

/** The contents of the hero section: matchweek, the editors' texts, the button and the leagues. */
export function HeroContent({ hero }: { hero: HomeHero }) {
  return (
    <div className="hero__inner">
      <p className="hero__eyebrow">Matchweek {hero.matchweek}</p>
      <h1 id="hero-title">{hero.headline}</h1>
      <p className="hero__subtext">{hero.subtext}</p>
      <PageLink className="button" to={hero.buttonHref}>
        {hero.buttonLabel} <span aria-hidden="true">→</span>
      </PageLink>
      <ul className="hero__leagues" aria-label="Leagues covered">
        {hero.leagues.map((league) => (
          <li key={league.key}>
            <PageLink to={league.href}>{league.name}</PageLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The contents of the Top League Picks section: one card per league. */
export function TopLeaguePicksContent({ picks }: { picks: readonly TopLeaguePick[] }) {
  return (
    <>
      <h2 id="league-picks-title">Top League Picks</h2>
      <ul className="home-picks__grid">
        {picks.map((pick) => (
          <MemoMarkup key={pick.league} as="li" name="home-pick" input={pick}>
            {() =>
              pick.match ? (
                <HomePickCard match={pick.match} label={pick.leagueName} />
              ) : (
                <article className="home-pick" aria-label={pick.leagueName}>
                  <p className="home-pick__label">{pick.leagueName}</p>
                  <p className="empty-text">{COMING_SOON}</p>
                  <PageLink className="match-card__link" to={pick.leagueHref}>
                    {pick.leagueName} Predictions <span aria-hidden="true">→</span>
                  </PageLink>
                </article>
              )
            }
          </MemoMarkup>
        ))}
      </ul>
    </>
  );
}

/** The contents of the paragraph that closes the page: the link to the track record. */
export function ResultsLinkContent() {
  return (
    <PageLink className="button" to={ALGO_RESULTS}>
      {VIEW_RESULTS_TEXT} <span aria-hidden="true">→</span>
    </PageLink>
  );
}
