import { LEAGUES } from "@shared/domain/leagues";
import { LEAGUE_LINKS, leaguePicksUrl, teamListUrl } from "@shared/domain/urls";
import { HOME_SECTIONS } from "../home";
import { PageLink } from "~/components/PageLink";

/**
 * World League Coverage: each league's predictions page, team list and league picks. The
 * content of the home page's `coverage` section, rendered on the server (home-page.server.tsx).
 */
export function LeagueCoverage() {
  return (
    <>
      <h2 id="coverage-title">{HOME_SECTIONS.coverage}</h2>
      <p className="home-section__intro">
        Five leagues, every league match, updated before each matchweek. We cover league play only: no cups and no
        internationals, so every prediction rests on the same kind of football the model learned from.
      </p>
      <ul className="home-leagues">
        {LEAGUE_LINKS.map(({ league, label, href }) => {
          const { country, teamCount, matchweeks } = LEAGUES[league];
          return (
            <li key={league} className="home-league">
              <h3>
                <PageLink to={href}>{label}</PageLink>
              </h3>
              <p className="home-league__facts">
                {country} · {teamCount} clubs · {matchweeks} matchweeks
              </p>
              <ul className="home-league__links">
                {[
                  { text: "Predictions", to: href },
                  { text: "Teams", to: teamListUrl(league) },
                  { text: "Picks", to: leaguePicksUrl(league) },
                ].map((link) => (
                  <li key={link.text}>
                    <PageLink to={link.to}>
                      <span className="visually-hidden">{label} </span>
                      {link.text} <span aria-hidden="true">→</span>
                    </PageLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </>
  );
}
