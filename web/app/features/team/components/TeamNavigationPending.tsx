import { useNavigation } from "@remix-run/react";
import { useClubRoutePage } from "~/components/club-route-page";
import { TEAM_LOADING_TEXT } from "~/page-texts/navigation";

/**
 * 'Loading team information...' while a client-side navigation to a team page waits for its
 * data (the page itself is rendered on the server with its data, so a first visit never sees it).
 * A pill at the bottom of the screen (app.css, as it can show on every page) with a spinner
 * that SVG animates by itself.
 */
export function TeamNavigationPending() {
  const navigation = useNavigation();
  const target = useClubRoutePage(navigation.state === "loading" ? navigation.location?.pathname : undefined);
  const loadingTeam = navigation.state === "loading" && target?.page === "team";
  return (
    <div role="status" aria-live="polite" className="team-navigation-pending">
      {loadingTeam ? (
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
      ) : null}
    </div>
  );
}
