import { TEAM_LOADING_TEXT } from "~/page-texts/navigation";

/**
 * 'Loading team information...' with a spinner that SVG animates by itself: a pill at the bottom
 * of the screen (app.css, as it can show on every page). Loaded with the other navigation views
 * (components/navigation-views.ts) when the visitor reaches for a link.
 */
export function TeamLoadingPill() {
  return (
    <span className="team-navigation-pending__pill">
      <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
        <circle cx="9" cy="9" r="7" fill="none" stroke="rgb(255 255 255 / 30%)" strokeWidth="3" />
        <path d="M9 2 A7 7 0 0 1 16 9" fill="none" stroke="#c7f23a" strokeWidth="3" strokeLinecap="round">
          <animateTransform
            attributeName="transform"
            type="rotate"
            from="0 9 9"
            to="360 9 9"
            dur="0.8s"
            repeatCount="indefinite"
          />
        </path>
      </svg>
      {TEAM_LOADING_TEXT}
    </span>
  );
}
