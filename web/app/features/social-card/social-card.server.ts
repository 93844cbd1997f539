import { ALL_LEAGUES, LEAGUES } from "@shared/domain/leagues";
import type { MatchState, PickOutcome } from "@shared/domain/picks";
import { getHomeHero } from "../home/home.server";
import { getMatchOfTheWeek } from "../home/home-picks.server";
import type { AppContext } from "~/load-context";
import type { MatchCard } from "../match/match-card.server";
import { getTopPicks } from "../picks/picks.server";

type ReadContext = Pick<AppContext, "db" | "clock" | "content" | "env">;

export interface SocialCardPick {
  /** 'Match of the Week', or 'Top Pick' when the week has none featured yet. */
  label: "Match of the Week" | "Top Pick";
  leagueName: string;
  home: string;
  away: string;
  kickoffAt: string;
  state: MatchState;
  bestPick: string;
  isComingSoon: boolean;
  /** "82%"; 'Coming Soon' when there is no pick. */
  confidenceLabel: string;
  /** After the match: the final score ("2 - 3") and whether the best pick hit; null before. */
  result: { score: string; outcome: PickOutcome } | null;
}

export interface SocialCard {
  siteHost: string;
  headline: string;
  subtext: string;
  matchweek: number;
  pick: SocialCardPick | null;
  leagues: string[];
}

function cardPick(
  label: SocialCardPick["label"],
  match: Pick<MatchCard, "league" | "home" | "away" | "kickoffAt" | "state" | "homeScore" | "awayScore" | "resolution">,
): SocialCardPick {
  return {
    label,
    leagueName: LEAGUES[match.league].name,
    home: match.home.name,
    away: match.away.name,
    kickoffAt: match.kickoffAt,
    state: match.state,
    bestPick: match.resolution.bestPick,
    isComingSoon: match.resolution.isComingSoon,
    confidenceLabel: match.resolution.confidenceLabel,
    result:
      match.state === "post-match"
        ? { score: `${match.homeScore ?? 0} - ${match.awayScore ?? 0}`, outcome: match.resolution.picks.best.outcome }
        : null,
  };
}

/**
 * What the social-sharing card shows: the site, its tagline (the editors' hero texts), this
 * matchweek's Match of the Week, else the week's most confident pick, and the five leagues.
 */
export async function getSocialCard(context: ReadContext, preview: boolean): Promise<SocialCard> {
  const [hero, featured, [top]] = await Promise.all([
    getHomeHero(context, preview),
    getMatchOfTheWeek(context, preview),
    getTopPicks(context, preview, 1),
  ]);
  return {
    siteHost: new URL(context.env.SITE_URL).host,
    headline: hero.headline,
    subtext: hero.subtext,
    matchweek: hero.matchweek,
    pick: featured ? cardPick("Match of the Week", featured) : top ? cardPick("Top Pick", top) : null,
    leagues: ALL_LEAGUES.map((league) => league.name),
  };
}
