/**
 * /{league}/teams/players/{player}: a player URL without his club. The shared player-page loader
 * finds the player and answers with a 301 to his canonical page; an unknown player is a 404.
 */
export { loader, headers, meta, default, ErrorBoundary } from "./$league.teams_.$team_.players_.$player";
