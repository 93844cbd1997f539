/**
 * A league's picks page content: the week's matches of one league ranked by confidence, with
 * links to the league page and the track record. Rendered on the server only
 * (picks-page.server.tsx); the route shows the markup.
 */
import type { LeagueKey } from "@shared/domain/leagues";
import { ALGO_RESULTS, HOME, leaguePicksUrl, leagueUrl, PICKS } from "@shared/domain/urls";
import type { MatchCard } from "~/features/match/match-card.server";
import { PICKS_TITLE } from "~/features/league/league";
import { Breadcrumb } from "~/components/Breadcrumb";
import { PageLink } from "~/components/PageLink";
import { RankedPicksList } from "./RankedPicksList";

export function LeaguePicksPageContent({ page }: { page: { league: LeagueKey; name: string; matches: MatchCard[] } }) {
  return (
    <>
      <Breadcrumb
        crumbs={[
          { label: "Home", href: HOME },
          { label: PICKS_TITLE, href: PICKS },
          { label: `${page.name} Picks`, href: leaguePicksUrl(page.league) },
        ]}
      />
      <header className="page-header">
        <p className="badge">{page.name}</p>
        <h1>{page.name} Picks</h1>
        <p className="page-header__intro">
          This week's {page.name} matches, ranked by how confident our algorithm is in each best pick.
        </p>
      </header>
      <section aria-labelledby="league-picks-title" className="page-section">
        <h2 id="league-picks-title">This Week's {page.name} Picks</h2>
        <RankedPicksList matches={page.matches} />
      </section>
      <p className="page-section">
        <PageLink to={leagueUrl(page.league)}>
          Full {page.name} predictions, table and leaderboard <span aria-hidden="true">→</span>
        </PageLink>
      </p>
      <p className="page-section">
        <PageLink className="button" to={ALGO_RESULTS}>
          View Latest Results & Hit Rates
        </PageLink>
      </p>
    </>
  );
}
