/** The spec's texts of the league and picks pages (sections 2, 4 and 8), quoted exactly. */
import type { LeagueKey } from "@shared/domain/leagues";
import { HOME, leagueUrl, matchweekUrl, teamListUrl } from "@shared/domain/urls";

/** A crumb of a page's trail with its address; `current` marks the page itself. */
export interface LeagueCrumb {
  label: string;
  href: string;
  current?: boolean;
}

export const leagueHeading = (league: string) => `${league} Predictions & Betting Tips`;
export const leagueLoadingText = (league: string) => `Loading ${league} fixtures...`;
export const NO_FIXTURES_TEXT = "No fixtures available for this week.";
export const NO_TABLE_DATA_TEXT = "No table data available yet";
export const NO_PLAYER_DATA_TEXT = "No player data available yet";
export const TOP_PLAYERS_HEADING = "Top Players Leaderboard";
export const PICKS_TITLE = "Picks & Parlays";
export const LEAGUE_REDIRECT_TEXT = "Redirecting to Premier League Predictions...";

/**
 * Spec 2: "Breadcrumb: Home, league predictions, Teams", and "Teams link" to the league's team
 * list. The league page is the second crumb; Teams comes after it as a link to its team list.
 */
export function leaguePageCrumbs(league: LeagueKey, name: string): LeagueCrumb[] {
  return [
    { label: "Home", href: HOME },
    { label: `${name} Predictions`, href: leagueUrl(league), current: true },
    { label: "Teams", href: teamListUrl(league) },
  ];
}

/**
 * A league's round: 'Round 25'. The home page's 'Matchweek 28' is the spec's number of weeks since
 * 1 August, the same for every league; a league's own rounds are called rounds, so that the two
 * numbers cannot be taken for one another (the address keeps /matchweek-{n}).
 */
export const matchweekLabel = (matchweek: number) => `Round ${matchweek}`;
export const matchweekHeading = (league: string, matchweek: number) =>
  `${league} ${matchweekLabel(matchweek)} Predictions & Results`;
export const PREVIOUS_WEEK_TEXT = "Previous round";
export const NEXT_WEEK_TEXT = "Next round";
export const ALL_MATCHWEEKS_TEXT = "All rounds";
/** League and matchweek pages show their top picks as the spec's ranked cards, then every match in the compact list. */
export const TOP_PICK_CARDS = 3;
export const fixturesHeading = (name: string) => `${name} Fixtures`;

/** A matchweek page's trail: Home, the league's predictions, the matchweek. */
export function matchweekPageCrumbs(league: LeagueKey, name: string, matchweek: number): LeagueCrumb[] {
  return [
    { label: "Home", href: HOME },
    { label: `${name} Predictions`, href: leagueUrl(league) },
    { label: matchweekLabel(matchweek), href: matchweekUrl(league, matchweek), current: true },
  ];
}
