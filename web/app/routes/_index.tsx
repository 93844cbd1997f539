import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { HomeParlayExplainer } from "../components/home/HomeParlayExplainer";
import { EmbeddedMatchView } from "../components/match/EmbeddedMatchView";
import { ServerMarkup } from "../components/ServerMarkup";
import { loadHomePage } from "../home-page.server";
import { HOME_SECTIONS } from "../page-texts/home";
import homeStyles from "../styles/home.css";
import { COMING_SOON } from "../../../shared/domain/picks";

// The home page has no error boundary of its own: on an error the root's takes over, with its meta.
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeStyles }];

export const headers: HeadersFunction = publicPageHeaders;

/** The home page: all but the Match of the Week and the parlay button rendered on the server. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadHomePage(context, request);
}

export default function HomePage() {
  const { matchOfTheWeek, markup } = useLoaderData<typeof loader>();
  return (
    <>
      <ServerMarkup as="section" className="hero" aria-labelledby="hero-title" markup={markup.hero} />
      <div className="page home-picks">
        <section aria-labelledby="motw-title" className="page-section">
          <h2 id="motw-title">{HOME_SECTIONS.matchOfTheWeek}</h2>
          {matchOfTheWeek ? (
            <EmbeddedMatchView match={matchOfTheWeek} />
          ) : (
            <p className="empty-text">{COMING_SOON}</p>
          )}
        </section>
        <ServerMarkup as="section" aria-labelledby="league-picks-title" className="page-section" markup={markup.topLeaguePicks} />
        <ServerMarkup as="section" aria-labelledby="how-it-works-title" className="page-section home-section" markup={markup.howItWorks} />
        <ServerMarkup as="section" aria-labelledby="coverage-title" className="page-section home-section" markup={markup.coverage} />
        <HomeParlayExplainer text={markup.parlayExplainer} />
        <ServerMarkup as="section" aria-labelledby="algo-lab-title" className="page-section home-section" markup={markup.algoLab} />
        <ServerMarkup as="p" className="page-section home-results-link" markup={markup.resultsLink} />
      </div>
    </>
  );
}
