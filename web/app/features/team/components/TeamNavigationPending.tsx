import { useNavigation } from "@remix-run/react";
import { useNavigationViews } from "~/components/club-route-page";

/**
 * The live region where 'Loading team information...' (TeamLoadingPill) shows while a
 * client-side navigation to a team page waits for its data (the page itself is rendered on the
 * server with its data, so a first visit never sees it).
 */
export function TeamNavigationPending() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const views = useNavigationViews(loading);
  const loadingTeam = views !== null && loading && views.clubRoutePage(navigation.location.pathname)?.page === "team";
  return (
    <div role="status" aria-live="polite" className="team-navigation-pending">
      {loadingTeam ? <views.TeamLoadingPill /> : null}
    </div>
  );
}
