/**
 * One statement for one or more selects of the same shape: the select itself when there is one,
 * else their UNION ALL. For reads that are the same limited select once per key (each team's
 * last five matches, each leaderboard's top 10): one round trip, whatever the number of keys.
 * Row order across the selects is not kept: each select marks its rows (a team, a board) and the
 * caller orders them. The statement is prepared once and run with each call's values
 * (prepared-queries.ts).
 */
import { unionAll } from "drizzle-orm/pg-core";

type Select = Parameters<typeof unionAll>[0];

/** A prepared read of rows whose shape the caller knows. */
export interface PreparedRead {
  execute(values?: Record<string, unknown>): Promise<unknown[]>;
}

/** drizzle's unionAll, typed for selects that all have one shape (it types each later one against the first's own type). */
const unionAllSame = unionAll as unknown as (...selects: Select[]) => Select;

/** The selects' statement, not run yet: to prepare once. */
export function unionAllStatement(selects: readonly Select[]): { prepare(name: string): PreparedRead } {
  if (selects.length === 0) throw new Error("unionAllStatement needs at least one select");
  const statement = selects.length === 1 ? selects[0] : unionAllSame(...selects);
  return statement as unknown as { prepare(name: string): PreparedRead };
}
