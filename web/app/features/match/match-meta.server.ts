/** The match page's head tags and description in each state of the match (see seo/page-meta.server.ts). */
import type { MetaDescriptor } from "@remix-run/node";
import { formatConfidence } from "@shared/domain/format";
import { LEAGUES } from "@shared/domain/leagues";
import type { PickOutcome } from "@shared/domain/picks";
import { HOME, leagueUrl } from "@shared/domain/urls";
import {
  breadcrumbJsonLd,
  leagueSocialImage,
  pageMeta,
  sportsEventJsonLd,
  type MatchPlace,
  type SiteSeo,
} from "../seo/seo";
import { matchBreadcrumb } from "./match-cards";
import type { MatchCard } from "./match-card.server";

type MetaMatch = Pick<MatchCard, "league" | "home" | "away" | "href" | "resolution" | "kickoffAt" | "state" | "status">;

const VERDICTS: Readonly<Record<PickOutcome, string>> = {
  hit: "was a hit",
  miss: "missed",
  void: "was void",
  pending: "is waiting to be settled",
};

/**
 * The match page's description in each state of the match: a pick to come, a pick with its
 * confidence, in play, and the final score with how the pick did. A finished match's pick is
 * given with the confidence it was made with before kick-off, never the final 100%.
 */
export function matchPageDescription(
  match: Pick<MetaMatch, "league" | "home" | "away" | "resolution" | "state">,
): string {
  const { home, away, resolution } = match;
  const matchup = `${home.name} vs ${away.name}`;
  const table = `the ${LEAGUES[match.league].name} table`;
  const pick = resolution.isComingSoon || resolution.pickConfidence === null ? null : resolution.bestPick;
  const confidence = resolution.pickConfidence === null ? "" : formatConfidence(resolution.pickConfidence);
  switch (match.state) {
    case "post-match": {
      const result = resolution.score
        ? `${home.name} ${resolution.score} ${away.name}, final score.`
        : `${matchup} is over.`;
      const verdict = pick
        ? `Our best pick, ${pick} at ${confidence} confidence before kick-off, ${VERDICTS[resolution.picks.best.outcome]}.`
        : "We made no pick for this match.";
      return `${result} ${verdict} Pick results, match stats, form and ${table}.`;
    }
    case "live":
      return pick
        ? `${matchup} is live. Our pre-match best pick: ${pick} at ${confidence} confidence. Live score and events, odds, form, head-to-head and ${table}.`
        : `${matchup} is live. Live score and events, odds, form, head-to-head and ${table}.`;
    default: {
      if (!pick)
        return `${matchup} prediction: our best pick is coming soon. Meanwhile, the odds, form, head-to-head and ${table}.`;
      const projected = resolution.projectedScore ? `, projected score ${resolution.projectedScore}` : "";
      return `${matchup} prediction: our best pick is ${pick} at ${confidence} confidence${projected}. Over/under, BTTS, odds, form, head-to-head and ${table}.`;
    }
  }
}

/**
 * A match page: title, description, canonical link, the league's social card, and the match as
 * a SportsEvent with the breadcrumb the page shows.
 */
export function matchPageMeta(page: { match: MetaMatch; place: MatchPlace | null }, site: SiteSeo): MetaDescriptor[] {
  const { match, place } = page;
  const title = matchBreadcrumb(match.home.name, match.away.name);
  const leagueName = LEAGUES[match.league].name;
  const description = matchPageDescription(match);
  const image = leagueSocialImage(match.league);
  return pageMeta({
    site,
    title,
    description,
    path: match.href,
    image,
    jsonLd: (origin) => [
      sportsEventJsonLd(origin, {
        path: match.href,
        league: match.league,
        kickoffAt: match.kickoffAt,
        state: match.state,
        status: match.status,
        home: match.home,
        away: match.away,
        place,
        description,
        image,
      }),
      breadcrumbJsonLd(origin, [
        { name: "Home", path: HOME },
        { name: `${leagueName} Predictions`, path: leagueUrl(match.league) },
        { name: title, path: match.href },
      ]),
    ],
  });
}
