/**
 * The visual-editing bridge of draft preview, a browser script of its own
 * (public/visual-editing/bridge.js, built by web/visual-editing/build.ts). The root layout adds
 * it in preview only; public pages never load it, and it shares no module with the app's
 * bundles, so their first-load JavaScript is exactly what it was.
 *
 * Inside the Studio's Presentation tool it draws an overlay on every element with a
 * `data-sanity` mark (features/content/editable.server.ts): a click opens that field beside the
 * page. When the editor types, Presentation asks for a refresh and the bridge revalidates the
 * page's loaders through Remix's router, so the draft shows without a reload. Navigation in
 * either direction stays in step (the frame's URL bar, links in the page). Outside the Studio it
 * stays idle.
 */
import { enableVisualEditing, type HistoryRefresh, type HistoryUpdate } from "@sanity/visual-editing";

interface RouterState {
  location: { pathname: string; search: string; hash: string };
  revalidation: "idle" | "loading";
  navigation: { state: string };
}

interface RemixRouter {
  state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  revalidate(): void;
  navigate(to: string | number, options?: { replace?: boolean }): Promise<void>;
}

const urlOf = (location: RouterState["location"]) => `${location.pathname}${location.search}${location.hash}`;

function start(router: RemixRouter): void {
  // Tests and curious editors can tell the bridge is on.
  document.documentElement.dataset.visualEditing = "on";
  enableVisualEditing({
    zIndex: 1000,
    refresh(payload: HistoryRefresh) {
      // Live mode would update the page itself; this site reloads its loaders.
      if (payload.source === "mutation" && payload.livePreviewEnabled) return false;
      return new Promise<void>((resolve) => {
        let started = false;
        const unsubscribe = router.subscribe((state) => {
          if (state.revalidation === "loading") started = true;
          else if (started) {
            unsubscribe();
            resolve();
          }
        });
        router.revalidate();
      });
    },
    history: {
      subscribe(navigate) {
        let current = urlOf(router.state.location);
        navigate({ type: "push", url: current });
        return router.subscribe((state) => {
          const next = urlOf(state.location);
          if (next === current) return;
          current = next;
          navigate({ type: "push", url: next });
        });
      },
      update(update: HistoryUpdate) {
        if (update.type === "push" || update.type === "replace")
          void router.navigate(update.url, { replace: update.type === "replace" });
        else if (update.type === "pop") void router.navigate(-1);
      },
    },
  });
}

/**
 * The bridge adds its own element beside the body: it must wait until React has hydrated the
 * document (root.tsx marks it), or hydration would find a node it did not render and render the
 * whole document again, without it.
 */
function whenHydrated(attempt = 0): void {
  const router = (window as unknown as { __remixRouter?: RemixRouter }).__remixRouter;
  if (router && document.documentElement.hasAttribute("data-hydrated")) {
    try {
      start(router);
    } catch (error) {
      document.documentElement.dataset.visualEditing = "failed";
      console.error("Visual editing could not start", error);
    }
  } else if (attempt < 200) setTimeout(() => whenHydrated(attempt + 1), 50);
  else console.warn("Visual editing: the page never hydrated, so click-to-edit is off.");
}

whenHydrated();
