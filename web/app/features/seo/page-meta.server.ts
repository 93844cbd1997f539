/**
 * Each public page type's head tags, built in its loader from the page's data and the site facts
 * (seo.server.ts `siteSeo`) and sent as `meta` in the loader data. The routes' `meta` exports
 * only return them (route-meta.ts), so the titles, descriptions and JSON-LD builders below stay
 * on the server, although Remix also calls `meta` in the browser on client-side navigations.
 */
import { data, type MetaDescriptor } from "@remix-run/node";
import type { PortableText } from "@shared/content/documents";
import { portableTextToPlainText } from "@shared/content/portable-text";
import { formatConfidence, formatPercent, standingLabel } from "@shared/domain/format";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import type { PickOutcome } from "@shared/domain/picks";
import { SITE_NAME } from "@shared/domain/site";
import { ALGO_RESULTS, HOME, leaguePicksUrl, leagueUrl, PICKS, teamListUrl } from "@shared/domain/urls";
import type { MatchCard } from "../match/matches.server";
import { ALGO_RESULTS_FAQ, PICKS_FAQ } from "../content/faq";
import { leagueHeading, leaguePageCrumbs, matchweekHeading, matchweekPageCrumbs, PICKS_TITLE } from "../league/league";
import { matchBreadcrumb } from "../match/match-cards";
import { squadHeading } from "../player/player";
import { ALGO_RESULTS_TITLE } from "../track-record/results";
import { teamListHeading } from "../team/team";
import {
  breadcrumbJsonLd,
  faqPageJsonLd,
  leagueSocialImage,
  organizationJsonLd,
  pageMeta,
  siteSocialUrl,
  sportsEventJsonLd,
  topMatchups,
  webSiteJsonLd,
  type MatchPlace,
  type SiteSeo,
} from "./seo";
import type { TeamInfo, TeamStanding } from "../team/teams.schema";

/** What a page loader answers with: its data, and the status and headers to send. */
type PageResponse<T> = ReturnType<typeof data<T>>;

/** A page loader's answer with the page's head tags added to its data; status and headers kept. */
export function withPageMeta<T extends object>(page: PageResponse<T>, meta: MetaDescriptor[]): PageResponse<T & { meta: MetaDescriptor[] }> {
  return data({ ...page.data, meta }, page.init ?? undefined);
}

type Teams = { home: { name: string }; away: { name: string } };

export function homePageMeta(site: SiteSeo): MetaDescriptor[] {
  return pageMeta({
    site,
    title: `${SITE_NAME}: Smart Picks. Fast Plays. Soccer Predictions & Betting Tips`,
    description:
      "Free algorithm-driven soccer predictions for the Premier League, Bundesliga, La Liga, Serie A and Ligue 1: best picks, 1X2, BTTS, over/under and an honest track record.",
    path: HOME,
    jsonLd: (origin) => [organizationJsonLd(origin, siteSocialUrl(site)), webSiteJsonLd(origin)],
  });
}

/**
 * A league page; spec: "The top 3 matches feed page metadata". Its BreadcrumbList is the trail
 * the page shows up to the page itself: the Teams crumb after it is a link to a page below,
 * which a BreadcrumbList, ending at the page it describes, does not list.
 */
export function leaguePageMeta(page: { league: LeagueKey; name: string; matches: readonly Teams[] }, site: SiteSeo): MetaDescriptor[] {
  const top = topMatchups(page.matches);
  const path = leagueUrl(page.league);
  const crumbs = leaguePageCrumbs(page.league, page.name);
  const trail = crumbs.slice(0, crumbs.findIndex((crumb) => crumb.current) + 1);
  return pageMeta({
    site,
    title: leagueHeading(page.name),
    description: `${page.name} predictions for this matchweek${top ? `: ${top}` : ""}. Best picks, 1X2, over/under and BTTS with confidence, plus the league table.`,
    path,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [breadcrumbJsonLd(origin, trail.map((crumb) => ({ name: crumb.label, path: crumb.href })))],
  });
}

/** A matchweek page: the round's matches, and its hit rate once picks are settled. */
export function matchweekPageMeta(
  page: { league: LeagueKey; name: string; matchweek: number; seasonLabel: string; matches: readonly Teams[]; hitRate: string | null },
  site: SiteSeo,
): MetaDescriptor[] {
  const top = topMatchups(page.matches);
  const crumbs = matchweekPageCrumbs(page.league, page.name, page.matchweek);
  const record = page.hitRate ? ` Best pick hit rate: ${page.hitRate}.` : "";
  return pageMeta({
    site,
    title: `${matchweekHeading(page.name, page.matchweek)} ${page.seasonLabel}`,
    description: `${page.name} ${page.seasonLabel} matchweek ${page.matchweek}${top ? `: ${top}` : ""}. Final scores, the picks locked before kick-off and how they did, or the predictions to come.${record}`,
    path: crumbs[crumbs.length - 1].href,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [breadcrumbJsonLd(origin, crumbs.map((crumb) => ({ name: crumb.label, path: crumb.href })))],
  });
}

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
export function matchPageDescription(match: Pick<MetaMatch, "league" | "home" | "away" | "resolution" | "state">): string {
  const { home, away, resolution } = match;
  const matchup = `${home.name} vs ${away.name}`;
  const table = `the ${LEAGUES[match.league].name} table`;
  const pick = resolution.isComingSoon || resolution.pickConfidence === null ? null : resolution.bestPick;
  const confidence = resolution.pickConfidence === null ? "" : formatConfidence(resolution.pickConfidence);
  switch (match.state) {
    case "post-match": {
      const result = resolution.score ? `${home.name} ${resolution.score} ${away.name}, final score.` : `${matchup} is over.`;
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
      if (!pick) return `${matchup} prediction: our best pick is coming soon. Meanwhile, the odds, form, head-to-head and ${table}.`;
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

export function picksPageMeta(
  page: { topPicks: ReadonlyArray<Teams & { resolution: { bestPick: string } }>; topPicksLimit: number },
  site: SiteSeo,
): MetaDescriptor[] {
  const top = page.topPicks
    .slice(0, 3)
    .map((m) => `${m.home.name} vs ${m.away.name} (${m.resolution.bestPick})`)
    .join(", ");
  const limit = page.topPicksLimit;
  return pageMeta({
    site,
    title: `${PICKS_TITLE}: This Week's Top ${limit} Soccer Picks`,
    description: `This week's top ${limit} soccer picks across the Premier League, La Liga, Bundesliga, Serie A and Ligue 1, ranked by confidence, plus the Sunday 5-team cross-league parlay${top ? `. Top picks: ${top}` : ""}.`,
    path: PICKS,
    jsonLd: () => [faqPageJsonLd(PICKS_FAQ)],
  });
}

export function leaguePicksPageMeta(
  page: { league: LeagueKey; name: string; matches: readonly Teams[] },
  site: SiteSeo,
): MetaDescriptor[] {
  const top = topMatchups(page.matches);
  const path = leaguePicksUrl(page.league);
  return pageMeta({
    site,
    title: `${page.name} Picks: Ranked by Confidence`,
    description: `This week's ${page.name} picks ranked by our algorithm's confidence${top ? `: ${top}` : ""}. Best pick, over/under and BTTS for every match.`,
    path,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: HOME },
        { name: PICKS_TITLE, path: PICKS },
        { name: `${page.name} Picks`, path },
      ]),
    ],
  });
}

/** The track record, with the overall best pick hit rate once there is one. */
export function algoResultsPageMeta(
  page: { overall: { bestPickAccuracy: number; totalMatchesPredicted: number } | null },
  site: SiteSeo,
): MetaDescriptor[] {
  const best = page.overall ? ` Best pick hit rate ${formatPercent(page.overall.bestPickAccuracy, 2)} over ${page.overall.totalMatchesPredicted} matches.` : "";
  return pageMeta({
    site,
    title: ALGO_RESULTS_TITLE,
    description: `Every pick we made, settled: best pick, over/under and BTTS hit rates overall and per league, recent results, calibration and the comparison with the market.${best}`,
    path: ALGO_RESULTS,
    jsonLd: () => [faqPageJsonLd(ALGO_RESULTS_FAQ)],
  });
}

function leagueCrumbs(league: LeagueKey) {
  const { name } = LEAGUES[league];
  return [
    { name: "Home", path: HOME },
    { name: `${name} Predictions`, path: leagueUrl(league) },
    { name: "Teams", path: teamListUrl(league) },
  ];
}

/**
 * A team list page. The spec's titles count 18 Bundesliga clubs and 20 for Serie A and Ligue 1;
 * the count here is the clubs the page lists, so Ligue 1's reads 18.
 */
export function teamListPageMeta(
  page: { league: LeagueKey; name: string; seasonLabel: string; url: string; teams: readonly unknown[] },
  site: SiteSeo,
): MetaDescriptor[] {
  const count = page.teams.length;
  return pageMeta({
    site,
    title: `${teamListHeading(page.name)} ${page.seasonLabel}: All ${count} Clubs`,
    description: `All ${count} ${page.name} clubs of the ${page.seasonLabel} season: each team's standing, form, next match, team stats and key players.`,
    path: page.url,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [breadcrumbJsonLd(origin, leagueCrumbs(page.league))],
  });
}

/** A team page: its standing when the season has started, and the breadcrumb the page shows. */
export function teamPageMeta(
  page: { info: TeamInfo; seasonLabel: string; standing: TeamStanding | null },
  site: SiteSeo,
): MetaDescriptor[] {
  const { team, league } = page.info;
  const standing =
    page.standing && page.standing.played > 0 ? ` ${standingLabel(page.standing.rank, page.standing.points)} in the ${league.name}.` : "";
  return pageMeta({
    site,
    title: `${team.name} Stats, Form & Next Match ${page.seasonLabel}`,
    description: `${team.name} ${page.seasonLabel}:${standing} Recent results, form, the next match, team stats and key player stats.`,
    path: team.url,
    image: leagueSocialImage(league.key),
    jsonLd: (origin) => [breadcrumbJsonLd(origin, [...leagueCrumbs(league.key), { name: team.name, path: team.url }])],
  });
}

interface ClubLinks {
  name: string;
  href: string;
  playersHref: string;
}

export function squadPageMeta(
  page: { league: LeagueKey; leagueName: string; leagueHref: string; seasonLabel: string; team: ClubLinks },
  site: SiteSeo,
): MetaDescriptor[] {
  const title = `${squadHeading(page.team.name)} ${page.seasonLabel}`;
  return pageMeta({
    site,
    title,
    description: `${page.team.name}'s ${page.leagueName} squad for ${page.seasonLabel} by position, with each player's appearances, goals, assists and rating.`,
    path: page.team.playersHref,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: HOME },
        { name: page.leagueName, path: page.leagueHref },
        { name: page.team.name, path: page.team.href },
        { name: "Players", path: page.team.playersHref },
      ]),
    ],
  });
}

export function playerPageMeta(
  page: {
    canonical: string;
    league: LeagueKey;
    leagueName: string;
    leagueHref: string;
    seasonLabel: string;
    team: ClubLinks;
    player: { name: string; position: string };
  },
  site: SiteSeo,
): MetaDescriptor[] {
  const { player, team } = page;
  return pageMeta({
    site,
    title: `${player.name} Stats ${page.seasonLabel} – ${team.name}`,
    description: `${player.name} (${player.position}, ${team.name}): ${page.seasonLabel} appearances, minutes, goals, assists, shots, key passes and rating, and his last five matches.`,
    path: page.canonical,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: HOME },
        { name: page.leagueName, path: page.leagueHref },
        { name: team.name, path: team.href },
        { name: "Players", path: team.playersHref },
        { name: player.name, path: page.canonical },
      ]),
    ],
  });
}

/**
 * A static page (about, terms, privacy, responsible gambling). Sections an editor titles as a
 * question ("How are picks made?") are the page's questions and answers, given to search engines
 * as an FAQPage.
 */
export function staticPageMeta(
  page: { title: string; description: string; sections: ReadonlyArray<{ heading: string; body: PortableText }> },
  canonical: string,
  site: SiteSeo,
): MetaDescriptor[] {
  const questions = page.sections
    .filter((section) => section.heading.trim().endsWith("?"))
    .map((section) => ({ question: section.heading, answer: portableTextToPlainText(section.body) }));
  return pageMeta({
    site,
    title: page.title,
    description: page.description,
    path: canonical,
    jsonLd: () => [faqPageJsonLd(questions)],
  });
}
