/** The Season Outlook's texts on the league and team pages. */
export const SEASON_OUTLOOK_HEADING = "Season Outlook";
export const SEASON_OUTLOOK_MISSING_TEXT = "Season Outlook coming soon";
export const SEASON_OUTLOOK_TABLE_LINK_TEXT = "Where will they finish? See the Season Outlook";
export const SEASON_OUTLOOK_CSV_TEXT = "Download the Season Outlook (CSV)";
export const SEASON_OUTLOOK_TEAM_LINK_TEXT = "See the whole Season Outlook";

/** "20,000 simulations of the rest of the season from our model's match forecasts; updated after every result." */
const WHOLE = new Intl.NumberFormat("en-GB");

/** 20000 → '20,000'. */
export const simulationCount = (seasons: number) => WHOLE.format(seasons);

export const seasonOutlookLead = (seasons: number) =>
  `${simulationCount(seasons)} simulations of the rest of the season from our model's match forecasts; updated after every result.`;
