import { teamBadgeUrl } from "@shared/domain/teams/badge-url";

/** Badges are drawn 100 × 120. */
const HEIGHT_PER_WIDTH = 1.2;

/**
 * A club's generated badge. Decorative by default (empty alt), since a club name sits beside it
 * wherever it is shown. A badge that fails to load is hidden, whether the browser or the server
 * rendered it, and whether it failed before or after the page's script ran: the root watches
 * every `team-badge` image for that (useServerMarkupBehaviour).
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
  return (
    <img
      className={["team-badge", className].filter(Boolean).join(" ")}
      src={teamBadgeUrl(teamId)}
      alt={alt}
      width={width}
      height={Math.round(width * HEIGHT_PER_WIDTH)}
      decoding="async"
      loading={lazy ? "lazy" : undefined}
    />
  );
}
