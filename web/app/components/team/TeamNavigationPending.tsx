import { useNavigation } from "@remix-run/react";
import type { CSSProperties } from "react";
import { routePage } from "../../../../shared/domain/route-pages";
import { TEAM_LOADING_TEXT } from "../../page-texts";

/*
 * Shown on every page, so styled inline rather than from a route's stylesheet: a pill at the
 * bottom of the screen with a spinner that SVG animates by itself (no CSS keyframes needed).
 */
const PILL: CSSProperties = {
  position: "fixed",
  left: "50%",
  bottom: "1.25rem",
  transform: "translateX(-50%)",
  zIndex: 60,
  display: "inline-flex",
  alignItems: "center",
  gap: "0.5rem",
  padding: "0.55rem 1rem",
  borderRadius: 999,
  background: "#0b3d2e",
  color: "#ffffff",
  fontWeight: 600,
  boxShadow: "0 4px 16px rgb(0 0 0 / 20%)",
};

/**
 * 'Loading team information...' while a client-side navigation to a team page waits for its
 * data (the page itself is rendered on the server with its data, so a first visit never sees it).
 */
export function TeamNavigationPending() {
  const navigation = useNavigation();
  const loadingTeam =
    navigation.state === "loading" && navigation.location !== undefined && routePage(navigation.location.pathname)?.page === "team";
  return (
    <div role="status" aria-live="polite" className="team-navigation-pending">
      {loadingTeam ? (
        <span style={PILL}>
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
            <circle cx="9" cy="9" r="7" fill="none" stroke="rgb(255 255 255 / 30%)" strokeWidth="3" />
            <path d="M9 2 A7 7 0 0 1 16 9" fill="none" stroke="#c7f23a" strokeWidth="3" strokeLinecap="round">
              <animateTransform attributeName="transform" type="rotate" from="0 9 9" to="360 9 9" dur="0.8s" repeatCount="indefinite" />
            </path>
          </svg>
          {TEAM_LOADING_TEXT}
        </span>
      ) : null}
    </div>
  );
}
