/**
 * The loading views of client-side navigations to club pages (team, squad, player):
 * TeamNavigationPending and PlayerNavigationSkeleton. What they show, and the route table that
 * tells which page a navigation goes to (navigation-views.ts), is not part of a page's first
 * load: it is fetched when the visitor reaches for a link (the pointer over it, focus on it),
 * which comes before the click, or when a navigation starts. A navigation whose data arrives
 * before that code shows the page without the loading view.
 */
import { useEffect, useState } from "react";

type NavigationViews = typeof import("./navigation-views");

let loaded: NavigationViews | null = null;
let loading: Promise<NavigationViews | null> | null = null;

function loadNavigationViews(): Promise<NavigationViews | null> {
  loading ??= import("./navigation-views").then(
    (module) => (loaded = module),
    () => {
      // Offline or a new deployment: no loading view, and the next reach tries again.
      loading = null;
      return null;
    },
  );
  return loading;
}

/** The navigation views once loaded; null before. `navigating`: a navigation is under way. */
export function useNavigationViews(navigating: boolean): NavigationViews | null {
  const [views, setViews] = useState<NavigationViews | null>(() => loaded);
  useEffect(() => {
    if (views) return;
    let active = true;
    const load = () => void loadNavigationViews().then((module) => active && module && setViews(module));
    const onReach = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("a[href]")) load();
    };
    if (navigating) load();
    document.addEventListener("pointerover", onReach);
    document.addEventListener("focusin", onReach);
    return () => {
      active = false;
      document.removeEventListener("pointerover", onReach);
      document.removeEventListener("focusin", onReach);
    };
  }, [views, navigating]);
  return views;
}
