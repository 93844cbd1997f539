import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageCacheControl, publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { KickoffTime } from "../features/match/components/KickoffTime";
import { requireRoutePage } from "../route-page.server";
import { getSocialCard } from "../features/social-card/social-card.server";
import socialCardStyles from "../features/seo/styles/social-card.css";
import { FINAL_SCORE_TEXT } from "../features/match/match-cards";
import { COMING_SOON, pickResultLabel } from "@shared/domain/picks";
import { SITE_NAME, SITE_SHORT_NAME } from "@shared/domain/site";

/**
 * The social card page, at the spec's URL /preview: the 1200×630 card the og:image is made from,
 * scaled to fit. (In code, "preview" means an editor's draft session; this page is the social card.)
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireRoutePage(request, "social-card");
  const preview = await context.previewSessions.isActive(request);
  const card = await getSocialCard(context, preview);
  return data({ card }, { headers: { "Cache-Control": pageCacheControl(card.pick?.state === "live") } });
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: socialCardStyles }];

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction = () => [
  { title: `Social Card Preview | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function SocialCardPage() {
  const { card } = useLoaderData<typeof loader>();
  const { pick } = card;
  return (
    <div className="social-card">
      <header className="page-header social-card-page__header">
        <h1>Social Card Preview</h1>
        <p className="page-header__intro">
          The picture social networks show when someone shares {SITE_NAME}: 1200 × 630 pixels, drawn from this week's
          data, shown here scaled to fit your screen.
        </p>
      </header>
      <div className="social-stage">
        <div id="social-card" className="social-card">
          <div className="social-card__inner">
            <div className="social-card__top">
              <p className="social-card__brand">
                <span className="social-card__mark" aria-hidden="true">
                  {SITE_SHORT_NAME}
                </span>
                {SITE_NAME}
              </p>
              <p className="social-card__matchweek">Matchweek {card.matchweek}</p>
            </div>
            <div className="social-card__tagline">
              <p className="social-card__headline">{card.headline}</p>
              <p className="social-card__subtext">{card.subtext}</p>
            </div>
            <div className="social-card__pick">
              {pick ? (
                <>
                  <div className="social-card__match">
                    <p className="social-card__label">
                      {pick.label} · {pick.leagueName}
                    </p>
                    <p className="social-card__teams">
                      {pick.home} vs {pick.away}
                    </p>
                    <p className="social-card__kickoff">
                      {pick.result ? `${FINAL_SCORE_TEXT} ${pick.result.score}` : <KickoffTime iso={pick.kickoffAt} />}
                    </p>
                  </div>
                  <div className="social-card__best">
                    <p className="social-card__label">Best Pick</p>
                    <p className="social-card__best-pick">{pick.bestPick}</p>
                    {pick.result ? (
                      <p className="social-card__confidence">{pickResultLabel(pick.result.outcome)}</p>
                    ) : pick.isComingSoon ? null : (
                      <p className="social-card__confidence">Confidence {pick.confidenceLabel}</p>
                    )}
                  </div>
                </>
              ) : (
                <div className="social-card__match">
                  <p className="social-card__label">Match of the Week</p>
                  <p className="social-card__teams">{COMING_SOON}</p>
                </div>
              )}
            </div>
            <div className="social-card__bottom">
              <ul className="social-card__leagues" aria-label="Leagues covered">
                {card.leagues.map((league) => (
                  <li key={league}>{league}</li>
                ))}
              </ul>
              <p className="social-card__host">{card.siteHost}</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
