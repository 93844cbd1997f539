/**
 * The player page's shape while it loads (spec 2: "Loading is a skeleton"). Loaded with the other
 * navigation views (components/navigation-views.ts) when the visitor reaches for a link.
 */
type BarSize = "s" | "m" | "l" | "xl";

function Bar({ size, tall = false }: { size: BarSize; tall?: boolean }) {
  return <span className={`skeleton-bar skeleton-bar--${size}${tall ? " skeleton-bar--tall" : ""}`} />;
}

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
