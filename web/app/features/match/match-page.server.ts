/**
 * The match page's loader: the match's header for MatchHero and everything below it, rendered
 * on the server (match-hero.server.tsx, match-sections.server.tsx), and the page's head tags. A live match caches
 * briefly and refreshes in the browser; an unknown match is a 404 'Match Not Found'.
 */
import { data, redirect } from "@remix-run/node";
import { parseRoute } from "@shared/domain/routes";
import { pageCacheControl } from "~/cache-control";
import { renderMatchSections } from "./components/match-sections.server";
import { editMarks } from "~/features/content/editable.server";
import { DOCUMENT_TYPES } from "@shared/content/ids";
import { matchHeroView } from "./components/match-hero.server";
import { liveProbabilitySection } from "./components/live-probability.server";
import { probabilityChartSection } from "./components/probability-chart.server";
import { pickProbabilities } from "./pick-probabilities.server";
import type { AppContext } from "~/load-context";
import { getTeamsKeyPlayers } from "./key-players.server";
import { detailOf } from "./match-detail.server";
import { findFixtureBySlugs, findMatchUrlBySlugs, getFixtureById } from "./match-lookups.server";
import { hrefOf, type FixtureRow } from "./match-rows.server";
import { matchPageMeta } from "./match-meta.server";
import { requireRoutePage } from "~/route-page.server";
import { matchPlace, siteSeo } from "../seo/seo.server";
import { getLeagueTable } from "../standings/standings.server";
import { notFound } from "~/not-found.server";

/** A match path naming the two teams, e.g. /match/barcelona-vs-mallorca; null for any other path. */
function slugMatchRoute(url: URL) {
  const route = parseRoute(url.pathname);
  return route.page === "match" && route.by === "slug" ? route : null;
}

/**
 * The fixture a request's path names: /{league}-predictions/{home}-vs-{away}-prediction or
 * /match/{id}. Two team slugs name their fixture whichever league it is in: a path with another
 * league's prefix, or /match/{home}-vs-{away}, answers with one 301 to the match's canonical
 * URL. Slugs naming no fixture go the usual way: an alias 301s to the canonical path it
 * spells, and that path is a 404 'Match Not Found'.
 */
async function requireNamedFixture(context: AppContext, request: Request): Promise<FixtureRow> {
  const url = new URL(request.url);
  const bySlugs = slugMatchRoute(url);
  if (bySlugs) {
    const row = await findFixtureBySlugs(context, bySlugs.league, bySlugs.homeSlug, bySlugs.awaySlug);
    if (row) {
      const href = hrefOf(row);
      if (href !== url.pathname) throw redirect(`${href}${url.search}`, 301);
      return row;
    }
  }
  const route = requireRoutePage(request, "match");
  const row = route.by === "id" ? await getFixtureById(context, route.id) : null;
  if (!row) throw notFound("match");
  return row;
}

/**
 * For the paths no route file claims: a match alias there (/{league}/matches/{home}-vs-{away},
 * /matches/{league}/...) whose teams play in another league than it names 301s straight to the
 * match's page, not first to the wrong league's. Returns for every other path.
 */
export async function redirectMatchAlias(context: AppContext, request: Request): Promise<void> {
  const url = new URL(request.url);
  const bySlugs = slugMatchRoute(url);
  if (!bySlugs) return;
  const href = await findMatchUrlBySlugs(context, bySlugs.league, bySlugs.homeSlug, bySlugs.awaySlug);
  if (href && href !== url.pathname) throw redirect(`${href}${url.search}`, 301);
}

/** The match page: its header, its sections and its head tags, or the redirect or 404 above. */
export async function loadMatchPage(context: AppContext, request: Request) {
  const [preview, row, site] = await Promise.all([
    context.previewSessions.isActive(request),
    requireNamedFixture(context, request),
    siteSeo(context, request),
  ]);
  const { league, season, homeTeamId, awayTeamId } = row.fixture;
  // Everything else the page reads needs only the fixture row: one round of reads after it.
  const [match, table, [homePlayers, awayPlayers]] = await Promise.all([
    detailOf(context, row, preview),
    getLeagueTable(context, league, season),
    getTeamsKeyPlayers(context, [homeTeamId, awayTeamId], league, season),
  ]);
  const live = match.state === "live";
  const edit = editMarks(
    context.env,
    preview,
    match.preview ? { id: match.preview.id, type: DOCUMENT_TYPES.matchPreview } : null,
  );
  const sections = renderMatchSections({ match, table, keyPlayers: { home: homePlayers, away: awayPlayers }, edit });
  // While in play, the win probability now leads the sections; the live refresh renews it.
  const liveProbability = liveProbabilitySection(match);
  if (liveProbability) sections.sections.unshift(liveProbability);
  // After the whistle, the win probability through the match leads them instead.
  const probabilityChart = probabilityChartSection(match);
  if (probabilityChart) sections.sections.unshift(probabilityChart);
  return data(
    {
      hero: matchHeroView(match, pickProbabilities(match)),
      sections,
      live,
      meta: matchPageMeta({ match, place: matchPlace(match) }, site),
    },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}
