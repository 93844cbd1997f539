import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { publicPageHeaders } from "../cache-control";
import { MatchOfTheWeek } from "../features/home/components/MatchOfTheWeek";
import { ServerMarkup } from "../components/ServerMarkup";
import { loadHomePage } from "../features/home/home-page.server";
import { HOME_SECTIONS } from "../features/home/home";
import { COMING_SOON } from "@shared/domain/site";

// The home page has no error boundary of its own: on an error the root's takes over, with its meta.
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export const headers: HeadersFunction = publicPageHeaders;

/** The home page: all but the Match of the Week and the parlay button rendered on the server. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadHomePage(context, request);
}

/** components/my-teams/my-team-stars.ts's MY_TEAMS_KEY, written out so that module stays out of the page's first load. */
const MY_TEAMS_KEY = "fkp-my-teams";

/**
 * The 'My Teams' strip, after hydration and only for a reader with favourites: its code loads
 * then, so the page's first load and its HTML are the same for everyone.
 */
function useMyTeamsStrip(): ReactNode {
  const [strip, setStrip] = useState<ReactNode>(null);
  useEffect(() => {
    let stored = null;
    try {
      stored = localStorage.getItem(MY_TEAMS_KEY);
    } catch {
      // Storage blocked: no favourites.
    }
    // A strip that fails to load (offline) leaves the page as served.
    if (stored)
      import("../features/team/components/my-teams/MyTeamsStrip").then(
        (m) => setStrip(<m.MyTeamsStrip />),
        () => {},
      );
  }, []);
  return strip;
}

export default function HomePage() {
  const { matchOfTheWeek, markup } = useLoaderData<typeof loader>();
  const myTeams = useMyTeamsStrip();
  return (
    <>
      <ServerMarkup as="section" className="hero" aria-labelledby="hero-title" markup={markup.hero} />
      <div className="page home-picks">
        {myTeams}
        <section aria-labelledby="motw-title" className="page-section">
          <h2 id="motw-title">{HOME_SECTIONS.matchOfTheWeek}</h2>
          {matchOfTheWeek ? <MatchOfTheWeek data={matchOfTheWeek} /> : <p className="empty-text">{COMING_SOON}</p>}
        </section>
        <ServerMarkup
          as="section"
          aria-labelledby="league-picks-title"
          className="page-section"
          markup={markup.topLeaguePicks}
        />
        <ServerMarkup
          as="section"
          aria-labelledby="how-it-works-title"
          className="page-section home-section"
          markup={markup.howItWorks}
        />
        <ServerMarkup
          as="section"
          aria-labelledby="coverage-title"
          className="page-section home-section"
          markup={markup.coverage}
        />
        <ServerMarkup
          as="section"
          aria-labelledby="home-parlay-title"
          className="page-section home-section home-parlay"
          markup={markup.parlayExplainer}
        />
        <ServerMarkup
          as="section"
          aria-labelledby="algo-lab-title"
          className="page-section home-section"
          markup={markup.algoLab}
        />
        <ServerMarkup as="p" className="page-section home-results-link" markup={markup.resultsLink} />
      </div>
    </>
  );
}
