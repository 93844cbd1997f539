/**
 * API-Football's pre-match odds → the provider contract's prices: the bookmaker and the three
 * markets read (match winner, goals over/under 2.5, both teams to score), each price checked to
 * be one the database can hold. Pure, like every mapper (mappers.ts).
 */
import type { ProviderOdds } from "../types";
import type { MappedRows } from "./mappers";
import type { ApiOdds } from "./schemas";

// ---------------------------------------------------------------------------------------------
// Odds

/** API-Football ids of the bookmaker read and of the three markets the product prices. */
export const BET365_BOOKMAKER_ID = 8;
export const BET_IDS = { matchWinner: 1, goalsOverUnder: 5, bothTeamsScore: 8 } as const;

/** Decimal odds the database can hold (numeric(5,2)) and a bookmaker could quote; null otherwise. */
export function priceOf(odd: string | number | undefined): number | null {
  if (odd === undefined || odd === "") return null;
  const parsed = Number(odd);
  return Number.isFinite(parsed) && parsed >= 1.01 && parsed <= 999.99 ? Math.round(parsed * 100) / 100 : null;
}

/**
 * One bookmaker's prices for one fixture, for each of the three markets it quotes. The provider
 * has one pre-match price per market, refreshed until kick-off: before kick-off it is the line on
 * offer ('opening'), from kick-off the price the market closed at ('closing').
 */
export function mapOdds(api: ApiOdds, bookmakerId: number, kind: ProviderOdds["kind"]): MappedRows<ProviderOdds> {
  const rows: ProviderOdds[] = [];
  const rejections: string[] = [];
  const bookmaker = api.bookmakers.find((candidate) => candidate.id === bookmakerId);
  if (!bookmaker) return { rows, rejections };
  const source = bookmaker.name.trim().toLowerCase().replace(/\s+/g, "-");
  const where = `odds of fixture ${api.fixture.id} (${bookmaker.name})`;
  type Bet = (typeof bookmaker.bets)[number];
  const priceIn = (bet: Bet, value: string) =>
    priceOf(bet.values.find((candidate) => String(candidate.value).trim().toLowerCase() === value)?.odd);

  for (const bet of bookmaker.bets) {
    if (bet.id === BET_IDS.matchWinner) {
      const [home, draw, away] = [priceIn(bet, "home"), priceIn(bet, "draw"), priceIn(bet, "away")];
      if (home && draw && away) rows.push({ source, kind, market: "1x2", home, draw, away });
      else rejections.push(`${where}: Match Winner without three valid prices`);
    } else if (bet.id === BET_IDS.goalsOverUnder) {
      const [over, under] = [priceIn(bet, "over 2.5"), priceIn(bet, "under 2.5")];
      if (over && under) rows.push({ source, kind, market: "ou25", over, under });
      else rejections.push(`${where}: Goals Over/Under without valid 2.5 prices`);
    } else if (bet.id === BET_IDS.bothTeamsScore) {
      const [yes, no] = [priceIn(bet, "yes"), priceIn(bet, "no")];
      if (yes && no) rows.push({ source, kind, market: "btts", yes, no });
      else rejections.push(`${where}: Both Teams Score without valid prices`);
    }
  }
  return { rows, rejections };
}
