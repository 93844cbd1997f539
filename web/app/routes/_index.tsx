import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SITE_NAME } from "../../../shared/domain/site";
import { getHomeHero } from "../home.server";

export const meta: MetaFunction = () => [
  { title: `${SITE_NAME}: Smart Picks. Fast Plays. Soccer Predictions & Betting Tips` },
  {
    name: "description",
    content:
      "Free algorithm-driven soccer predictions for the Premier League, Bundesliga, La Liga, Serie A and Ligue 1: best picks, 1X2, BTTS, over/under and an honest track record.",
  },
];

export const headers: HeadersFunction = () => ({
  "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { hero: await getHomeHero(context, await context.previewSessions.isActive(request)) };
}

export default function HomePage() {
  const { hero } = useLoaderData<typeof loader>();
  return (
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
  );
}
