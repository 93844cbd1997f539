/**
 * The team page's loader answer: the page loadTeamPage reads, rendered on the server (TeamView),
 * with its head tags. The browser gets the markup and whether the next match is live (it then
 * refreshes), not the data the markup is made from.
 */
import { data } from "@remix-run/node";
import { TeamView } from "./components/TeamView";
import type { AppContext } from "~/load-context";
import { teamPageMeta } from "./team-meta.server";
import { siteSeo } from "../seo/seo.server";
import { renderServerHtml } from "~/server-markup.server";
import { loadTeamPage, type TeamRoute } from "./team-page.server";

export async function loadTeamPageMarkup(context: AppContext, request: Request, route: TeamRoute) {
  const [page, site] = await Promise.all([loadTeamPage(context, request, route), siteSeo(context, request)]);
  return data(
    {
      live: page.data.live,
      content: renderServerHtml(<TeamView page={page.data} />),
      meta: teamPageMeta(page.data, site),
    },
    page.init ?? undefined,
  );
}
