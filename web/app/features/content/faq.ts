/**
 * Questions pages answer for fans, shown on the page and given to search engines as FAQPage
 * JSON-LD with the same texts (page-meta.server.ts). The static pages' questions come from their
 * documents instead (a section titled as a question).
 */
import type { FaqItem } from "../seo/seo";

export const PICKS_FAQ: readonly FaqItem[] = [
  {
    question: "How are the top picks ranked?",
    answer:
      "By the confidence of each match's best pick, highest first: the algorithm's calibrated probability, or the editors' confidence where they wrote the pick.",
  },
  {
    question: "What is the Sunday parlay?",
    answer:
      "Five legs for Sunday's matches, one from each league, chosen by our editors. Each leg shows its final score and HIT or MISS once its match is over.",
  },
  {
    question: "Can I build my own parlay?",
    answer:
      "Yes: add up to 10 picks with 'Add to Parlay Builder' on a ranked match card or a match page before kick-off, then copy the list from the Parlay Builder. We take no bets.",
  },
];

export const ALGO_RESULTS_FAQ: readonly FaqItem[] = [
  {
    question: "Which picks count in this record?",
    answer:
      "Every best pick, over/under and both-teams-to-score pick locked at kick-off, misses included. A pick never changes once its match has started.",
  },
  {
    question: "How is a pick settled?",
    answer:
      "From the final score: a hit or a miss. Profit is one unit staked at the odds the pick was locked at: a hit returns the odds minus 1, a miss loses 1.",
  },
  {
    question: "Can I check the record myself?",
    answer:
      "Yes. Download the pick ledger (CSV) and run npm run ledger:verify on it: every row is chained to the one before by a SHA-256 hash, so a copy you saved proves that no past pick or result has changed.",
  },
  {
    question: "What does beating the closing line mean?",
    answer:
      "The closing price is the market's last word before kick-off, and the hardest to beat. A pick locked at a higher price than the close beat it; the closing-line value is how much the locked price was worth if the closing market, its margin taken out, was right. Each settled pick's closing price is in the ledger.",
  },
];
