/**
 * Which football-data.co.uk columns hold which prices. Two sources are kept: the market average
 * (what the model and the pages use) and Pinnacle (the sharpest book, the usual reference for the
 * closing line); single retail bookmakers add rows, not information. Seasons differ: the market
 * average is BbAv* until 2018-19 and Avg* from 2019-20; Pinnacle's closing prices (PSCH...) start
 * in 2012-13, the average's closing prices (AvgCH, AvgC>2.5) in 2019-20. For each group the first
 * set of columns the file has is used; a group with a blank or unreadable price is left out
 * (prices are often blank, e.g. Pinnacle after early January 2026).
 */
import type { ProviderOdds } from "../types";

type Market = ProviderOdds["market"];
type Kind = ProviderOdds["kind"];

interface OddsColumns {
  source: string;
  market: Exclude<Market, "btts">;
  kind: Kind;
  /** Alternatives, first match wins: [home, draw, away] for 1x2, [over, under] for ou25. */
  columns: readonly (readonly string[])[];
}

export const ODDS_COLUMNS: readonly OddsColumns[] = [
  {
    source: "market-average",
    market: "1x2",
    kind: "opening",
    columns: [
      ["AvgH", "AvgD", "AvgA"],
      ["BbAvH", "BbAvD", "BbAvA"],
    ],
  },
  { source: "market-average", market: "1x2", kind: "closing", columns: [["AvgCH", "AvgCD", "AvgCA"]] },
  {
    source: "market-average",
    market: "ou25",
    kind: "opening",
    columns: [
      ["Avg>2.5", "Avg<2.5"],
      ["BbAv>2.5", "BbAv<2.5"],
    ],
  },
  { source: "market-average", market: "ou25", kind: "closing", columns: [["AvgC>2.5", "AvgC<2.5"]] },
  { source: "pinnacle", market: "1x2", kind: "opening", columns: [["PSH", "PSD", "PSA"]] },
  { source: "pinnacle", market: "1x2", kind: "closing", columns: [["PSCH", "PSCD", "PSCA"]] },
  { source: "pinnacle", market: "ou25", kind: "opening", columns: [["P>2.5", "P<2.5"]] },
  { source: "pinnacle", market: "ou25", kind: "closing", columns: [["PC>2.5", "PC<2.5"]] },
];

/** Decimal odds the database can hold (numeric(5,2)) and a bookmaker could quote. */
const MIN_PRICE = 1.01;
const MAX_PRICE = 999.99;

export function readPrice(cell: string | undefined): number | null {
  if (cell === undefined || cell === "") return null;
  const price = Number(cell);
  return Number.isFinite(price) && price >= MIN_PRICE && price <= MAX_PRICE ? price : null;
}

/** An odds group resolved against one file's header: the column indexes of its prices. */
export interface ResolvedOddsColumns {
  source: string;
  market: Exclude<Market, "btts">;
  kind: Kind;
  indexes: readonly number[];
}

/** The groups this header has, with their column positions. */
export function resolveOddsColumns(header: readonly string[]): ResolvedOddsColumns[] {
  const position = new Map(header.map((name, index) => [name, index]));
  return ODDS_COLUMNS.flatMap((group) => {
    const found = group.columns.find((names) => names.every((name) => position.has(name)));
    return found
      ? [{ source: group.source, market: group.market, kind: group.kind, indexes: found.map((n) => position.get(n)!) }]
      : [];
  });
}

/** The prices of one row for the resolved groups; groups with a missing price are left out. */
export function readOdds(record: readonly string[], groups: readonly ResolvedOddsColumns[]): ProviderOdds[] {
  const odds: ProviderOdds[] = [];
  for (const group of groups) {
    const prices = group.indexes.map((index) => readPrice(record[index]));
    if (prices.some((price) => price === null)) continue;
    const [a, b, c] = prices as number[];
    if (group.market === "1x2")
      odds.push({ source: group.source, kind: group.kind, market: "1x2", home: a, draw: b, away: c });
    else odds.push({ source: group.source, kind: group.kind, market: "ou25", over: a, under: b });
  }
  return odds;
}
