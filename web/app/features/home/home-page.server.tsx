/**
 * The home page's loader: the Match of the Week as data (its view refreshes in the browser),
 * everything else rendered on the server (the hero, the week's top pick of each league, the
 * explainers, the Algo Lab and the link to the track record), and the page's head tags.
 */
import { data } from "@remix-run/node";
import { pageCacheControl } from "~/cache-control";
import { AlgoLab } from "./components/AlgoLab";
import { ParlayExplainerText } from "./components/HomeParlayExplainer";
import { HeroContent, ResultsLinkContent, TopLeaguePicksContent } from "./components/HomeMarkup";
import { HowItWorks } from "./components/HowItWorks";
import { LeagueCoverage } from "./components/LeagueCoverage";
import { embeddedMatch } from "../match/embedded-match.server";
import { getHomeHero } from "./home.server";
import { getMatchOfTheWeek, getTopLeaguePicks } from "./home-picks.server";
import { getAlgoLabRecord } from "./home-sections.server";
import type { AppContext } from "~/load-context";
import { homePageMeta } from "./home-meta.server";
import { siteSeo } from "../seo/seo.server";
import { renderServerHtml } from "~/server-markup.server";

export async function loadHomePage(context: AppContext, request: Request) {
  const preview = await context.previewSessions.isActive(request);
  const [hero, featured, topLeaguePicks, algoLab, site] = await Promise.all([
    getHomeHero(context, preview),
    getMatchOfTheWeek(context, preview),
    getTopLeaguePicks(context, preview),
    getAlgoLabRecord(context),
    siteSeo(context, request),
  ]);
  const live = [featured, ...topLeaguePicks.map((pick) => pick.match)].some((match) => match?.state === "live");
  return data(
    {
      matchOfTheWeek: featured && embeddedMatch(featured),
      markup: {
        hero: renderServerHtml(<HeroContent hero={hero} />),
        topLeaguePicks: renderServerHtml(<TopLeaguePicksContent picks={topLeaguePicks} />),
        howItWorks: renderServerHtml(<HowItWorks />),
        coverage: renderServerHtml(<LeagueCoverage />),
        parlayExplainer: renderServerHtml(<ParlayExplainerText />),
        algoLab: renderServerHtml(<AlgoLab record={algoLab} />),
        resultsLink: renderServerHtml(<ResultsLinkContent />),
      },
      meta: homePageMeta(site),
    },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}
