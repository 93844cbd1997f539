import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { pageCacheControl, publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { LEAGUE_REDIRECT_TEXT } from "../features/league/league";
import { requireRoutePage } from "../route-page.server";
import { DEFAULT_LEAGUE } from "@shared/domain/leagues";
import { SITE_NAME } from "@shared/domain/site";
import { leagueUrl } from "@shared/domain/urls";

/** Spec 9: "redirect delay 100 ms". */
const REDIRECT_DELAY_MS = 100;
const TARGET = leagueUrl(DEFAULT_LEAGUE);

/**
 * The old site's redirect screen at its bare /leagues path: 'Redirecting to Premier League
 * Predictions...', then the Premier League page 100 ms after the page is ready. Without
 * JavaScript a meta refresh does the same, and the link is always there.
 */
export function loader({ request }: LoaderFunctionArgs) {
  requireRoutePage(request, "league-redirect");
  return data(null, { headers: { "Cache-Control": pageCacheControl(false) } });
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction = () => [
  { title: `${LEAGUE_REDIRECT_TEXT} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function LeagueRedirectPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(TARGET, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <section className="error-page" aria-labelledby="redirect-title">
      <noscript>
        <meta httpEquiv="refresh" content={`0; url=${TARGET}`} />
      </noscript>
      <h1 id="redirect-title">{LEAGUE_REDIRECT_TEXT}</h1>
      <p>
        <Link to={TARGET}>Go to Premier League Predictions</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
