import { Link } from "@remix-run/react";
import { LEAGUES } from "../../../../shared/domain/leagues";
import { LEAGUE_LINKS, leaguePicksUrl, teamListUrl } from "../../../../shared/domain/urls";
import { HOME_SECTIONS } from "../../page-texts";

/** World League Coverage: each league's predictions page, team list and league picks. */
export function LeagueCoverage() {
  return (
    <section aria-labelledby="coverage-title" className="page-section home-section">
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
                <Link to={href}>{label}</Link>
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
                    <Link to={link.to}>
                      <span className="visually-hidden">{label} </span>
                      {link.text} <span aria-hidden="true">→</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
