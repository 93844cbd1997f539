import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useClubRoutePage } from "~/components/club-route-page";

/** True while a client-side navigation to a player page waits for its data. */
export function usePendingPlayerPage(): boolean {
  const navigation = useNavigation();
  const target = useClubRoutePage(navigation.state === "loading" ? navigation.location.pathname : undefined);
  return navigation.state === "loading" && target?.page === "player";
}

type BarSize = "s" | "m" | "l" | "xl";

function Bar({ size, tall = false }: { size: BarSize; tall?: boolean }) {
  return <span className={`skeleton-bar skeleton-bar--${size}${tall ? " skeleton-bar--tall" : ""}`} />;
}

/** The player page's shape while it loads (spec 2: "Loading is a skeleton"). */
export function PlayerPageSkeleton() {
  return (
    <div className="page player-skeleton" role="status" aria-busy="true" aria-live="polite">
      <span className="visually-hidden">Loading player…</span>
      <div aria-hidden="true">
        <Bar size="xl" />
        <div className="player-skeleton__header">
          <span className="skeleton-block skeleton-block--badge" />
          <div>
            <Bar size="l" tall />
            <Bar size="m" />
            <Bar size="s" />
          </div>
        </div>
        <Bar size="m" tall />
        <div className="player-skeleton__stats">
          {Array.from({ length: 8 }, (_, index) => (
            <span key={index} className="skeleton-block" />
          ))}
        </div>
        <Bar size="l" tall />
        {Array.from({ length: 5 }, (_, index) => (
          <span key={index} className="skeleton-block skeleton-block--row" />
        ))}
      </div>
    </div>
  );
}

/** Shows the skeleton in place of the page being left while a player page loads. */
export function PlayerNavigationSkeleton({ children }: { children: ReactNode }) {
  return usePendingPlayerPage() ? <PlayerPageSkeleton /> : <>{children}</>;
}
