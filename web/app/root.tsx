import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { GeneralErrorBoundary } from "./components/GeneralErrorBoundary";
import { LazyParlayModal } from "./features/parlay/components/LazyParlayModal";
import { LazyParlaySlots } from "./features/parlay/components/LazyParlaySlots";
import { PreviewBanner } from "./features/content/components/PreviewBanner";
import { ResponsibleBanner } from "./components/ResponsibleBanner";
import { ServerMarkup } from "./components/ServerMarkup";
import { renderSiteFooter } from "./components/site-footer.server";
import { SiteHeader } from "./components/SiteHeader";
import { LazyToaster } from "./components/toast/LazyToaster";
import { TeamNavigationPending } from "./features/team/components/TeamNavigationPending";
import { analyticsTag } from "./analytics";
import { Analytics } from "./components/Analytics";
import { useServerMarkupBehaviour } from "./components/server-markup-behaviour";
import { useLocalTimes } from "./components/local-times/use-local-times";
import { SITE_NAME } from "@shared/domain/site";
import { getSiteTexts } from "./site-texts.server";
import { THEME_SCRIPT } from "./theme-script.server";
import { VISUAL_EDITING_SCRIPT } from "../visual-editing/script";
import { PREVIEW_STORAGE_SCRIPT } from "./features/content/preview-storage-script.server";
// The site's stylesheet: every public page's styles, bundled by Remix into one file
// (cssBundleHref), in this order. One render-blocking request on any page instead of two to
// eight, one file cached for every page after the first, and no stylesheet to fetch on a
// client-side navigation. A page's own styles are scoped by their classes (the block of each
// feature), so they do nothing on the other pages. Internal pages (the status page, the social
// card) keep stylesheets of their own: no visitor's page loads them.
import "./styles/app.css";
// The Parlay Builder dialog and add buttons can appear on any page.
import "./features/parlay/styles/parlay.css";
import "./features/player/styles/player-skeleton.css";
import "./styles/local-times.css";
// The header's search box is on every page.
import "./features/search/styles/search.css";
import "./features/home/styles/home.css";
import "./features/match/styles/fixture-list.css";
import "./features/match/styles/live-probability.css";
import "./features/match/styles/key-insights.css";
import "./features/league/styles/season-outlook.css";
import "./features/team/styles/teams.css";
import "./features/player/styles/players.css";
import "./features/search/styles/search-page.css";
import { PlayerNavigationSkeleton } from "./features/player/components/PlayerPageSkeleton";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
];

export const meta: MetaFunction = () => [{ title: SITE_NAME }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const preview = await context.previewSessions.isActive(request);
  const texts = await getSiteTexts(context, preview);
  return {
    footer: renderSiteFooter(context.clock.now().getUTCFullYear(), texts.socialUrl),
    responsibleBanner: texts.responsibleBanner,
    preview,
    analytics: analyticsTag(context.env),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  useServerMarkupBehaviour();
  useLocalTimes();
  // Marks the document hydrated: a script that adds to the page (the visual-editing bridge of
  // preview) waits for it, or hydration would meet its nodes and render the document again.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    // The theme script sets data-theme on <html> before React hydrates: not a mismatch.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Server-only text (undefined in the browser bundle); hydration keeps the server's script. */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT ?? "" }} suppressHydrationWarning />
        {data?.preview ? (
          <script dangerouslySetInnerHTML={{ __html: PREVIEW_STORAGE_SCRIPT ?? "" }} suppressHydrationWarning />
        ) : null}
        <meta name="theme-color" content="#0b3d2e" />
        <Meta />
        <Links />
        <Analytics tag={data?.analytics ?? null} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {data?.preview ? <PreviewBanner /> : null}
        <SiteHeader />
        <ResponsibleBanner text={data?.responsibleBanner} />
        <main id="main" tabIndex={-1}>
          <PlayerNavigationSkeleton>{children}</PlayerNavigationSkeleton>
        </main>
        {data ? <ServerMarkup as="footer" className="site-footer" markup={data.footer} /> : null}
        <LazyParlayModal />
        <LazyParlaySlots />
        <LazyToaster />
        <TeamNavigationPending />
        {/* Draft preview only: click-to-edit in the Studio's Presentation tool (web/visual-editing/). */}
        {data?.preview ? <script type="module" src={VISUAL_EDITING_SCRIPT} /> : null}
        <ScrollRestoration />
        <Scripts deferUntilPainted />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
