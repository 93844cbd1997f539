/** The spec's texts of the home page's sections (spec 2, "Home page"), in the spec's order. */

export const HOME_SECTIONS = {
  matchOfTheWeek: "Match of the Week",
  howItWorks: "How First Kick Picks Works",
  coverage: "World League Coverage",
  parlay: "Parlay Builder",
  algoLab: "Inside the Algo Lab",
} as const;
export const HOW_IT_WORKS_STEPS = [
  {
    title: "We Analyze",
    text: "Every week our Dixon-Coles model reads years of results and shots on target for each club, weighs recent matches more, and blends that with the betting market's prices. Out comes a probability for every scoreline, and from it the 1X2, over/under 2.5 and both-teams-to-score chances of each match.",
  },
  {
    title: "We Rank",
    text: "Each match gets a best pick: the call our calibrated probabilities are surest about, shown with its confidence. The matches are then ranked by that confidence, so the strongest calls of the week sit at the top of every league page.",
  },
  {
    title: "You Win",
    text: "You win time: five leagues' worth of research in a few minutes. Read the reasoning, compare it with your own view and make the call yourself. Picks can and do miss, so our public record shows every hit and every miss.",
  },
] as const;
export const VIEW_RESULTS_TEXT = "View Latest Results & Hit Rates";

/** The id of the Match of the Week's title (its h3), which names its article. */
export const MATCH_OF_THE_WEEK_TITLE_ID = "motw-match-title";
