/**
 * The home page's Match of the Week. It is server markup (home-page.server.tsx), the same for
 * every visitor, so the page's first load carries neither the match view's code nor its data.
 * What it does in the browser loads when it is needed:
 *
 * - the refresh's code when the first refresh is due (60 s before kick-off, 15 s while live, or
 *   the window regaining focus); the match view (EmbeddedMatchView) comes with the first fresh
 *   copy, takes the markup's place with the same DOM, and refreshes itself from then on;
 * - the 'Updated Ns ago' clock at once, only while the match is live.
 */
import { useEffect, useState, type ComponentType } from "react";
import type { MatchState } from "@shared/domain/match-state";
import { ServerMarkup, type ServerHtml } from "~/components/ServerMarkup";
import type { EmbeddedMatch } from "../../match/embedded-match.server";
import { startEmbeddedRefresh } from "../../match/components/embedded-refresh";
import { MATCH_OF_THE_WEEK_TITLE_ID } from "../home";

export interface MatchOfTheWeekData {
  id: number;
  state: MatchState;
  refreshMs: number | null;
  /** EmbeddedMatchBody, rendered on the server. */
  markup: ServerHtml;
}

interface Refreshed {
  View: ComponentType<{ match: EmbeddedMatch }>;
  match: EmbeddedMatch;
}

export function MatchOfTheWeek({ data }: { data: MatchOfTheWeekData }) {
  const [refreshed, setRefreshed] = useState<Refreshed | null>(null);
  // New data from the page's own loader (a navigation back to it): its markup again.
  useEffect(() => setRefreshed(null), [data]);

  const { id, refreshMs, state } = data;
  useEffect(() => {
    if (refreshed || refreshMs === null) return;
    let active = true;
    const stop = startEmbeddedRefresh(id, refreshMs, (match) => {
      import("../../match/components/EmbeddedMatchView").then(
        ({ EmbeddedMatchView }) => active && setRefreshed({ View: EmbeddedMatchView, match }),
        (error: unknown) => console.warn("Could not load the match view; showing the last data", error),
      );
    });
    return () => {
      active = false;
      stop();
    };
  }, [id, refreshMs, refreshed]);

  // The live match's 'Updated Ns ago' counts on each second until the view takes over, which runs its own.
  // As useUpdatedAgoClock does; that hook's module is shared with the match page's header.
  const live = state === "live" && !refreshed;
  useEffect(() => {
    if (!live) return;
    let active = true;
    let stop: (() => void) | null = null;
    import("../../match/components/updated-ago-clock").then(
      ({ startUpdatedAgoClock }) => {
        if (active) stop = startUpdatedAgoClock();
      },
      (error: unknown) => console.warn("Could not load the live clock", error),
    );
    return () => {
      active = false;
      stop?.();
    };
  }, [live]);

  if (refreshed) return <refreshed.View match={refreshed.match} />;
  return (
    <ServerMarkup
      as="article"
      className="match-embedded"
      aria-labelledby={MATCH_OF_THE_WEEK_TITLE_ID}
      data-refresh-ms={refreshMs ?? undefined}
      markup={data.markup}
    />
  );
}
