/**
 * What a ledger row claims, in a form anyone can settle: the market of the pick and the selection
 * within it, read from the pick text at lock time with the domain's rules (classifyPick), and the
 * outcome and profit that follow from a final score (settlePick and pickProfit). The database
 * mirrors these functions (migration 0007_ledger_integrity: pick_ledger_classify,
 * pick_ledger_outcome, pick_ledger_profit) and refuses a settlement that disagrees with them; the
 * verifier (verify.ts) uses them to re-derive every published outcome. Pure, no I/O.
 *
 * Canonical selections, by market:
 * - result:        '1', 'X' or '2'
 * - double-chance: '1X', 'X2' or '12' (the covered results in the order 1, X, 2)
 * - draw-no-bet:   '1' or '2' (the side backed; a draw is void)
 * - over-under:    'over 2.5', 'under 3' (the side, a space, the line as a plain decimal with
 *                  no leading or trailing zeros; a total exactly on the line is void)
 * - btts:          'yes' or 'no'
 * - unknown:       '' (a text no score can judge: void)
 * - pending:       '' ('', 'Coming Soon', 'TBD': never settled)
 */
import { classifyPick, isPendingPick, type MatchTeams, type ResultCode, type Score } from "../domain/picks";

export const LEDGER_MARKETS = [
  "result",
  "double-chance",
  "draw-no-bet",
  "over-under",
  "btts",
  "unknown",
  "pending",
] as const;
export type LedgerMarket = (typeof LEDGER_MARKETS)[number];

export interface LedgerSelection {
  market: LedgerMarket;
  selection: string;
}

/** The outcomes a settled row can have (a pending pick is never settled). */
export type SettledOutcome = "hit" | "miss" | "void";

const RESULT_ORDER: readonly ResultCode[] = ["1", "X", "2"];

/** The same patterns as the database's pick_ledger_selection_check constraint. */
const SELECTION_PATTERNS: Record<LedgerMarket, RegExp> = {
  result: /^[1X2]$/,
  "double-chance": /^(1X|X2|12)$/,
  "draw-no-bet": /^[12]$/,
  "over-under": /^(over|under) (0|[1-9][0-9]*)([.][0-9]*[1-9])?$/,
  btts: /^(yes|no)$/,
  unknown: /^$/,
  pending: /^$/,
};

export function isLedgerMarket(value: string): value is LedgerMarket {
  return (LEDGER_MARKETS as readonly string[]).includes(value);
}

/** Whether a selection has the canonical form of its market. */
export function isCanonicalSelection(market: LedgerMarket, selection: string): boolean {
  return SELECTION_PATTERNS[market].test(selection);
}

/** The market and canonical selection of a pick text, as settlePick reads it for these teams. */
export function ledgerSelection(text: string | null | undefined, teams: MatchTeams): LedgerSelection {
  if (isPendingPick(text)) return { market: "pending", selection: "" };
  const pick = classifyPick(text, teams.homeTeam, teams.awayTeam);
  switch (pick.kind) {
    case "result":
      return { market: "result", selection: pick.result };
    case "double-chance":
      return { market: "double-chance", selection: RESULT_ORDER.filter((code) => pick.covers.includes(code)).join("") };
    case "draw-no-bet":
      return { market: "draw-no-bet", selection: pick.side };
    case "over-under":
      return { market: "over-under", selection: `${pick.side} ${pick.line}` };
    case "btts":
      return { market: "btts", selection: pick.bothScore ? "yes" : "no" };
    case "unknown":
      return { market: "unknown", selection: "" };
  }
}

/**
 * The outcome of a selection at a final score: exactly what settlePick gives for the pick text
 * the selection was read from. null for a pending pick (nothing to settle) or a selection that
 * is not canonical.
 */
export function ledgerOutcome(market: LedgerMarket, selection: string, score: Score): SettledOutcome | null {
  if (!isCanonicalSelection(market, selection)) return null;
  const result: ResultCode = score.home > score.away ? "1" : score.home < score.away ? "2" : "X";
  const goals = score.home + score.away;
  const judged = (hit: boolean): SettledOutcome => (hit ? "hit" : "miss");
  switch (market) {
    case "result":
      return judged(selection === result);
    case "double-chance":
      return judged(selection.includes(result));
    case "draw-no-bet":
      return result === "X" ? "void" : judged(selection === result);
    case "over-under": {
      const [side, line] = selection.split(" ");
      const total = Number(line);
      if (goals === total) return "void";
      return judged(side === "over" ? goals > total : goals < total);
    }
    case "btts":
      return judged((score.home > 0 && score.away > 0) === (selection === "yes"));
    case "unknown":
      return "void";
    case "pending":
      return null;
  }
}

const DECIMAL_2 = /^(-?)(\d+)\.(\d{2})$/;

/**
 * The profit of one unit at the locked odds, as the ledger stores it (numeric with 2 decimals,
 * written as Postgres writes it: '0.95', '-1.00', '0.00'): odds − 1 for a hit, −1 for a miss,
 * 0 for a void; a hit without odds (or odds under 1) has none (null). Odds are the ledger's text
 * ('1.95') or null. Decimal arithmetic in hundredths, so nothing is lost to floating point.
 */
export function ledgerProfit(outcome: SettledOutcome, odds: string | null): string | null {
  if (outcome === "miss") return "-1.00";
  if (outcome === "void") return "0.00";
  if (odds === null) return null;
  const match = DECIMAL_2.exec(odds);
  if (!match) return null;
  const hundredths = (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
  if (hundredths < 100) return null;
  const profit = hundredths - 100;
  return `${Math.floor(profit / 100)}.${String(profit % 100).padStart(2, "0")}`;
}
