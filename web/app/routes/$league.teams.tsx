import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "../components/Breadcrumb";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { TeamBadge } from "../components/TeamBadge";
import { MyTeamStar } from "../features/team/components/my-teams/MyTeamStar";
import { useMyTeamStars } from "../features/team/components/my-teams/my-team-stars";
import { publicPageHeaders } from "../cache-control";
import { withPageMeta } from "../features/seo/page-meta.server";
import { teamListPageMeta } from "../features/team/team-meta.server";
import { TEAM_NOT_FOUND_TITLE, teamListHeading } from "../features/team/team";
import { noindexMeta } from "../route-meta";
import { requireRoutePage } from "../route-page.server";
import { siteSeo } from "../features/seo/seo.server";
import { loadTeamListPage } from "../features/team/team-page.server";
import { HOME } from "@shared/domain/site";

/** A league's team list, /{league-slug}/teams (the -predictions forms and /teams redirect here). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { league } = requireRoutePage(request, "team-list");
  const [page, site] = await Promise.all([loadTeamListPage(context, league), siteSeo(context, request)]);
  return withPageMeta(page, teamListPageMeta(page.data, site));
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.meta ?? noindexMeta({ title: TEAM_NOT_FOUND_TITLE });

export default function TeamListPage() {
  const page = useLoaderData<typeof loader>();
  useMyTeamStars(page.teams);
  return (
    <div className="page team-list-page">
      <Breadcrumb
        crumbs={[
          { label: "Home", href: HOME },
          { label: `${page.name} Predictions`, href: page.leagueUrl },
          { label: "Teams" },
        ]}
      />
      <header className="page-header">
        <p className="badge">
          {page.name} · {page.seasonLabel}
        </p>
        <h1>{teamListHeading(page.name)}</h1>
        <p className="page-header__intro">
          All {page.teams.length} clubs of the {page.name} {page.seasonLabel} season. Open a club for its standing,
          form, next match, team stats and key players.
        </p>
      </header>
      <ul className="team-grid" aria-label={teamListHeading(page.name)}>
        {page.teams.map((team) => (
          <li key={team.id}>
            <Link className="team-grid__card" to={team.url}>
              <TeamBadge teamId={team.id} width={56} />
              <span className="team-grid__name">{team.name}</span>
            </Link>
            <MyTeamStar id={team.id} name={team.name} url={team.url} className="team-grid__star" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
