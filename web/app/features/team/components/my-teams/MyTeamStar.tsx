import { starLabel } from "./my-team-stars";

/**
 * A club's My Teams star, the same HTML for every visitor: hidden until useMyTeamStars shows it
 * after hydration with the reader's state (a star needs the browser's storage to mean anything).
 */
export function MyTeamStar({
  id,
  name,
  url,
  className,
}: {
  id: number;
  name: string;
  url: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className ? `my-team-star ${className}` : "my-team-star"}
      data-my-team={id}
      data-team-name={name}
      data-team-url={url}
      aria-pressed="false"
      aria-label={starLabel(name)}
      hidden
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
      </svg>
    </button>
  );
}
