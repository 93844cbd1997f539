/**
 * Which club page (team, squad, player) a client-side navigation is going to, for the loading
 * views of those pages (TeamNavigationPending, PlayerNavigationSkeleton). The route table it reads
 * (@shared/domain/route-pages) is not part of a page's first load: it is fetched once the page is
 * idle, or when a navigation starts, and a navigation that starts before it is in shows the page
 * when it arrives, without the loading view.
 */
import { useEffect, useState } from "react";

type ClubRoutePage = (typeof import("@shared/domain/route-pages"))["clubRoutePage"];

let loaded: ClubRoutePage | null = null;
let loading: Promise<ClubRoutePage | null> | null = null;

function loadClubRoutePage(): Promise<ClubRoutePage | null> {
  loading ??= import("@shared/domain/route-pages").then(
    (module) => (loaded = module.clubRoutePage),
    () => {
      // Offline or a new deployment: no loading view, and the next navigation tries again.
      loading = null;
      return null;
    },
  );
  return loading;
}

/** After the page has settled: a moment when fetching a small file delays nothing. */
const IDLE_AFTER_MS = 1_500;

/** The club page `pathname` is, once the route table is in; null before and for any other page. */
export function useClubRoutePage(pathname: string | undefined): ReturnType<ClubRoutePage> | null {
  const [parse, setParse] = useState<ClubRoutePage | null>(() => loaded);
  const navigating = pathname !== undefined;
  useEffect(() => {
    if (parse) return;
    let active = true;
    const load = () => void loadClubRoutePage().then((fn) => active && fn && setParse(() => fn));
    if (navigating) load();
    const timer = window.setTimeout(load, IDLE_AFTER_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [parse, navigating]);
  return parse && pathname !== undefined ? parse(pathname) : null;
}
