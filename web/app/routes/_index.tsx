import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SITE_NAME } from "../../../shared/domain/site";
import { pageCacheControl, publicPageHeaders } from "../cache-control";
import { AlgoLab } from "../components/home/AlgoLab";
import { HomeParlayExplainer } from "../components/home/HomeParlayExplainer";
import { HomePickCard } from "../components/home/HomePickCard";
import { HowItWorks } from "../components/home/HowItWorks";
import { LeagueCoverage } from "../components/home/LeagueCoverage";
import { EmbeddedMatchView } from "../components/match/EmbeddedMatchView";
import { getHomeHero } from "../home.server";
import { getMatchOfTheWeek, getTopLeaguePicks } from "../home-picks.server";
import { getAlgoLabRecord } from "../home-sections.server";
import { HOME_SECTIONS, VIEW_RESULTS_TEXT } from "../page-texts";
import homeStyles from "../styles/home.css";
import { COMING_SOON } from "../../../shared/domain/picks";
import { ALGO_RESULTS, HOME } from "../../../shared/domain/urls";
import { organizationJsonLd, pageMeta, siteSocialUrl, webSiteJsonLd } from "../seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: `${SITE_NAME}: Smart Picks. Fast Plays. Soccer Predictions & Betting Tips`,
    description:
      "Free algorithm-driven soccer predictions for the Premier League, Bundesliga, La Liga, Serie A and Ligue 1: best picks, 1X2, BTTS, over/under and an honest track record.",
    path: HOME,
    jsonLd: (origin) => [organizationJsonLd(origin, siteSocialUrl(matches)), webSiteJsonLd(origin)],
  });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeStyles }];

export const headers: HeadersFunction = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const preview = await context.previewSessions.isActive(request);
  const [hero, matchOfTheWeek, topLeaguePicks, algoLab] = await Promise.all([
    getHomeHero(context, preview),
    getMatchOfTheWeek(context, preview),
    getTopLeaguePicks(context, preview),
    getAlgoLabRecord(context),
  ]);
  const live = [matchOfTheWeek, ...topLeaguePicks.map((pick) => pick.match)].some((match) => match?.state === "live");
  return data({ hero, matchOfTheWeek, topLeaguePicks, algoLab }, { headers: { "Cache-Control": pageCacheControl(live) } });
}

export default function HomePage() {
  const { hero, matchOfTheWeek, topLeaguePicks, algoLab } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <p className="hero__eyebrow">Matchweek {hero.matchweek}</p>
          <h1 id="hero-title">{hero.headline}</h1>
          <p className="hero__subtext">{hero.subtext}</p>
          <Link className="button" to={hero.buttonHref}>
            {hero.buttonLabel} <span aria-hidden="true">→</span>
          </Link>
          <ul className="hero__leagues" aria-label="Leagues covered">
            {hero.leagues.map((league) => (
              <li key={league.key}>
                <Link to={league.href}>{league.name}</Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <div className="page home-picks">
        <section aria-labelledby="motw-title" className="page-section">
          <h2 id="motw-title">{HOME_SECTIONS.matchOfTheWeek}</h2>
          {matchOfTheWeek ? (
            <EmbeddedMatchView match={matchOfTheWeek} />
          ) : (
            <p className="empty-text">{COMING_SOON}</p>
          )}
        </section>
        <section aria-labelledby="league-picks-title" className="page-section">
          <h2 id="league-picks-title">Top League Picks</h2>
          <ul className="home-picks__grid">
            {topLeaguePicks.map((pick) => (
              <li key={pick.league}>
                {pick.match ? (
                  <HomePickCard match={pick.match} label={pick.leagueName} />
                ) : (
                  <article className="home-pick" aria-label={pick.leagueName}>
                    <p className="home-pick__label">{pick.leagueName}</p>
                    <p className="empty-text">{COMING_SOON}</p>
                    <Link className="match-card__link" to={pick.leagueHref}>
                      {pick.leagueName} Predictions <span aria-hidden="true">→</span>
                    </Link>
                  </article>
                )}
              </li>
            ))}
          </ul>
        </section>
        <HowItWorks />
        <LeagueCoverage />
        <HomeParlayExplainer />
        <AlgoLab record={algoLab} />
        <p className="page-section home-results-link">
          <Link className="button" to={ALGO_RESULTS}>
            {VIEW_RESULTS_TEXT} <span aria-hidden="true">→</span>
          </Link>
        </p>
      </div>
    </>
  );
}
