/** Texts and facts about the site itself that the spec fixes. Editors may override some of them. */

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
export const SEASON_LABEL = "2025/26";
