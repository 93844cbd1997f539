import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useNavigationViews } from "~/components/club-route-page";

/**
 * Shows the skeleton (PlayerSkeletonView) in place of the page being left while a client-side
 * navigation to a player page waits for its data.
 */
export function PlayerNavigationSkeleton({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const views = useNavigationViews(loading);
  if (!views || !loading || views.clubRoutePage(navigation.location.pathname)?.page !== "player")
    return <>{children}</>;
  return <views.PlayerPageSkeleton />;
}
