/**
 * What the root does for the markup the server renders ahead (ServerMarkup), in place of the
 * components that made it: a plain click on a link to one of the site's pages navigates
 * client-side, as Remix's Link does, and a team badge that fails to load is hidden (for every
 * badge on the page: TeamBadge relies on it too).
 */
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/** Marks the anchors server markup renders for the site's own pages (PageLink). */
export const SERVER_LINK_ATTRIBUTE = "data-server-link";

function followServerLink(event: MouseEvent, navigate: (to: string, options: { replace: boolean }) => void): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    return;
  const link =
    event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[${SERVER_LINK_ATTRIBUTE}]`) : null;
  if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  const url = new URL(link.href);
  if (url.origin !== location.origin) return;
  event.preventDefault();
  const to = url.pathname + url.search + url.hash;
  // As Link does: a link to the page being shown replaces its history entry.
  navigate(to, { replace: to === location.pathname + location.search + location.hash });
}

function hideBrokenBadge(image: EventTarget | null): void {
  if (!(image instanceof HTMLImageElement) || !image.classList.contains("team-badge")) return;
  console.warn(`The badge ${image.getAttribute("src")} could not be loaded; it is hidden.`);
  image.style.display = "none";
}

export function useServerMarkupBehaviour(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => followServerLink(event, navigate);
    const onError = (event: Event) => hideBrokenBadge(event.target);
    document.addEventListener("click", onClick);
    // Error events do not bubble: they are caught on the way down.
    document.addEventListener("error", onError, true);
    // A badge the server's page lost before this script ran.
    document.querySelectorAll<HTMLImageElement>("img.team-badge").forEach((image) => {
      if (image.complete && image.naturalWidth === 0) hideBrokenBadge(image);
    });
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("error", onError, true);
    };
  }, [navigate]);
}
