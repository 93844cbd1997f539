/** The spec's text shown on any page while a client-side navigation to a team page loads. */

export const TEAM_LOADING_TEXT = "Loading team information...";
