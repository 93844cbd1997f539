/**
 * The home page's loader: everything rendered on the server (the Match of the Week, the hero,
 * the week's top pick of each league, the explainers, the Algo Lab and the link to the track
 * record), with what the Match of the Week needs to refresh itself in the browser, and the
 * page's head tags.
 */
import { data } from "@remix-run/node";
import { pageCacheControl } from "~/cache-control";
import { AlgoLab } from "./components/AlgoLab";
import { ParlayExplainerText } from "./components/HomeParlayExplainer";
import { HeroContent, ResultsLinkContent, TopLeaguePicksContent } from "./components/HomeMarkup";
import { HowItWorks } from "./components/HowItWorks";
import { LeagueCoverage } from "./components/LeagueCoverage";
import { embeddedMatch } from "../match/embedded-match.server";
import { EmbeddedMatchBody } from "../match/components/EmbeddedMatchView";
import { embeddedRefreshMs } from "../match/components/embedded-refresh";
import { MATCH_OF_THE_WEEK_TITLE_ID } from "./home";
import { getHomeHero } from "./home.server";
import { getHomePicks } from "./home-picks.server";
import { getAlgoLabRecord } from "./home-sections.server";
import type { AppContext } from "~/load-context";
import { homePageMeta } from "./home-meta.server";
import { siteSeo } from "../seo/seo.server";
import { memoServerHtml, renderServerHtml } from "~/server-markup.server";

export async function loadHomePage(context: AppContext, request: Request) {
  const preview = await context.previewSessions.isActive(request);
  const [hero, { matchOfTheWeek: featured, topLeaguePicks }, algoLab, site] = await Promise.all([
    getHomeHero(context, preview),
    getHomePicks(context, preview),
    getAlgoLabRecord(context),
    siteSeo(context, request),
  ]);
  const live = [featured, ...topLeaguePicks.map((pick) => pick.match)].some((match) => match?.state === "live");
  return data(
    {
      matchOfTheWeek: featured && {
        id: featured.id,
        state: featured.state,
        refreshMs: embeddedRefreshMs(featured.state),
        markup: renderServerHtml(
          <EmbeddedMatchBody match={embeddedMatch(featured)} titleId={MATCH_OF_THE_WEEK_TITLE_ID} />,
        ),
      },
      markup: {
        hero: renderServerHtml(<HeroContent hero={hero} />),
        topLeaguePicks: renderServerHtml(<TopLeaguePicksContent picks={topLeaguePicks} />),
        howItWorks: memoServerHtml("home:howItWorks", () => <HowItWorks />),
        coverage: memoServerHtml("home:coverage", () => <LeagueCoverage />),
        parlayExplainer: memoServerHtml("home:parlayExplainer", () => <ParlayExplainerText />),
        algoLab: renderServerHtml(<AlgoLab record={algoLab} />),
        resultsLink: memoServerHtml("home:resultsLink", () => <ResultsLinkContent />),
      },
      meta: homePageMeta(site),
    },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}
