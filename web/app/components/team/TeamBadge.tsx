import { useEffect, useRef, useState } from "react";
import { teamBadgeUrl } from "../../../../shared/domain/urls";

/** Badges are drawn 100 × 120. */
const HEIGHT_PER_WIDTH = 1.2;

/**
 * A club's generated badge. Decorative by default (empty alt), since a club name sits beside it
 * wherever it is shown. A badge that fails to load is hidden: after hydration through onError,
 * and for one that already failed while the server-rendered page was loading, on mount.
 */
export function TeamBadge({
  teamId,
  width = 24,
  alt = "",
  className,
  lazy = false,
}: {
  teamId: number;
  width?: number;
  alt?: string;
  className?: string;
  lazy?: boolean;
}) {
  const image = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);

  function hide() {
    console.warn(`The badge of team ${teamId} could not be loaded; it is hidden.`);
    setFailed(true);
  }

  useEffect(() => {
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) hide();
  }, []);

  if (failed) return null;
  return (
    <img
      ref={image}
      className={["team-badge", className].filter(Boolean).join(" ")}
      src={teamBadgeUrl(teamId)}
      alt={alt}
      width={width}
      height={Math.round(width * HEIGHT_PER_WIDTH)}
      // Inline so the badge sits right wherever it is used, with or without the team stylesheet.
      style={{ verticalAlign: "middle", flex: "none" }}
      decoding="async"
      loading={lazy ? "lazy" : undefined}
      onError={hide}
    />
  );
}
