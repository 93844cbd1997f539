/**
 * The skeleton of the jobs that ask a provider about particular stored matches (lineups near
 * kick-off, events in play, player figures after the whistle): pick the matches by a condition
 * on `fixtures`, ask the provider that feeds the kind, count the feed, map each item to our match
 * id (items about matches we did not ask for are dropped), and store them in one transaction.
 * `due` is the same condition, so a timed run happens only when some match is wanted.
 */
import { sql, type SQL } from "drizzle-orm";
import type { DataKind } from "@shared/config/data-sources";
import type { Feed, FixtureRef, FixturesRequest, MatchDataProvider } from "../providers/types";
import { fixtureIdsByKey, storedFixtureRefs } from "../store/match-details";
import { countFeed } from "./feeds";
import { emptyResult, skipped, type Cadence, type JobDb, type JobDefinition, type JobResult } from "./types";

export interface PerFixtureFeedSpec<Item extends { fixture: FixtureRef }> {
  name: string;
  description: string;
  kind: DataKind;
  cadence: Omit<Cadence, "due">;
  /** The matches to ask about, as a condition on `fixtures` at the clock's instant. */
  wanted(now: Date): SQL;
  /** The provider's method for this feed, when it has one. */
  feed(provider: MatchDataProvider): ((request: FixturesRequest) => Promise<Feed<Item>>) | undefined;
  /** Why the job is skipped without a provider, and without a wanted match. */
  noProvider: string;
  nothingWanted: string;
  /** Stores the items (with our match ids) inside the job's transaction; returns the rows written. */
  store(tx: JobDb, rows: Array<Omit<Item, "fixture"> & { fixtureId: number }>, result: JobResult): Promise<number>;
  /** The run's one-line summary. */
  summary(matchesAsked: number, rowsReceived: number): string;
  /** The data scopes a run that wrote rows changed (unset: `data`). */
  changes?: JobResult["changed"];
}

export function perFixtureFeedJob<Item extends { fixture: FixtureRef }>(spec: PerFixtureFeedSpec<Item>): JobDefinition {
  return {
    name: spec.name,
    description: spec.description,
    kind: spec.kind,
    cadence: {
      ...spec.cadence,
      async due({ db, clock }) {
        const [row] = await db.execute<{ due: boolean }>(
          sql`select exists (select 1 from fixtures where ${spec.wanted(clock.now())}) as due`,
        );
        return row.due;
      },
    },
    transactional: false,
    async run(ctx) {
      const provider = ctx.providers.for(spec.kind);
      const fetchFeed = provider ? spec.feed(provider)?.bind(provider) : undefined;
      if (!fetchFeed) return skipped(spec.noProvider);
      const refs = await storedFixtureRefs(ctx.db, spec.wanted(ctx.clock.now()));
      if (refs.length === 0) return skipped(spec.nothingWanted);
      const result = emptyResult();
      const feed = await fetchFeed({ fixtures: refs, signal: ctx.signal });
      countFeed(result, feed, ctx.log);
      const idOf = fixtureIdsByKey(refs);
      const rows = feed.items.flatMap(({ fixture, ...item }) => {
        const fixtureId = idOf(fixture);
        return fixtureId === undefined ? [] : [{ ...item, fixtureId }];
      });
      result.rowsWritten += await ctx.db.transaction((tx) => spec.store(tx, rows, result));
      result.reason = spec.summary(refs.length, rows.length);
      if (spec.changes && result.rowsWritten > 0) result.changed = spec.changes;
      return result;
    },
  };
}
