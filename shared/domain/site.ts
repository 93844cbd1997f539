/**
 * Texts and facts about the site itself that the spec fixes, its main navigation among them.
 * Editors may override some of them. Nothing here needs a league: the header and the error view,
 * on every page's first load, take their links from here without the leagues' table
 * (leagues.ts; urls.ts builds every other URL and gives these again).
 */

export const SITE_NAME = "First Kick Picks";
export const SITE_SHORT_NAME = "FKP";

export const HERO_HEADLINE = "Smart Picks. Fast Plays.";
export const HERO_SUBTEXT = "Save time and win smarter with our AI algorithm-driven soccer predictions.";
export const HERO_BUTTON = "View Today's Picks";

export const RESPONSIBLE_BANNER = "IF YOU BET, BET RESPONSIBLY";
export const SOCIAL_URL = "https://x.com/firstkickpicks";
export const MINIMUM_WAGER_AGE = 21;
export const MINIMUM_USER_AGE = 18;

export const NOT_FOUND_TITLE = "Page Not Found";
/** What a pick, a match or a section shows before it is known. */
export const COMING_SOON = "Coming Soon";
export const SEASON_LABEL = "2025/26";

export const HOME = "/";
export const PICKS = "/picks";
export const ALGO_RESULTS = "/algo-results";
export const ABOUT = "/about";
export const TERMS = "/terms";
export const PRIVACY = "/privacy";
export const RESPONSIBLE_GAMBLING = "/responsible-gambling";

export interface NavLink {
  label: string;
  href: string;
}

/** Header menu and footer Quick Links, in display order. */
export const NAV_LINKS: readonly NavLink[] = [
  { label: "Home", href: HOME },
  { label: "Picks & Parlays", href: PICKS },
  { label: "Algo Results", href: ALGO_RESULTS },
  { label: "About", href: ABOUT },
  { label: "Terms", href: TERMS },
  { label: "Privacy", href: PRIVACY },
  { label: "Responsible Gambling", href: RESPONSIBLE_GAMBLING },
];
