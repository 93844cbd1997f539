import { DECOY_PATHS, LEAGUE_LINKS, NAV_LINKS } from "@shared/domain/urls";
import { PageLink } from "./PageLink";
import { MINIMUM_USER_AGE, MINIMUM_WAGER_AGE, SITE_NAME, SITE_SHORT_NAME } from "@shared/domain/site";

const LEGAL_LINKS = [
  { href: "/terms", label: "Terms of Service" },
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/responsible-gambling", label: "Responsible Gambling" },
];

/**
 * What the site footer holds (its host, `<footer class="site-footer">`, is the root's). Rendered
 * on the server (site-footer.server.tsx): nothing in it changes in the browser.
 */
export function SiteFooterContent({ year, socialUrl }: { year: number; socialUrl: string }) {
  return (
    <>
      <div className="site-footer__inner">
        <section className="site-footer__brand" aria-label={SITE_NAME}>
          <PageLink to="/" className="logo">
            <span className="logo__mark" aria-hidden="true">
              {SITE_SHORT_NAME}
            </span>
            <span className="logo__name">{SITE_NAME}</span>
          </PageLink>
          <p>
            Algorithm-driven predictions for the Premier League, Bundesliga, La Liga, Serie A and Ligue 1. Information
            and entertainment only: we take no bets.
          </p>
          <a href={socialUrl} rel="noopener noreferrer me" target="_blank">
            Follow us on X<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">Quick Links</h2>
          <ul>
            {NAV_LINKS.map((l) => (
              <li key={l.href}>
                <PageLink to={l.href}>{l.label}</PageLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-leagues">
          <h2 id="footer-leagues">Leagues</h2>
          <ul>
            {LEAGUE_LINKS.map((l) => (
              <li key={l.href}>
                <PageLink to={l.href}>{l.label}</PageLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <ul>
            {LEGAL_LINKS.map((l) => (
              <li key={l.href}>
                <PageLink to={l.href}>{l.label}</PageLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">
        © {year} {SITE_NAME}. {MINIMUM_WAGER_AGE}+ to wager; you must be {MINIMUM_USER_AGE}+ or of legal age to use this
        site.
      </p>
      <div className="decoy-links" hidden aria-hidden="true">
        {DECOY_PATHS.map((path) => (
          <a key={path} href={path} tabIndex={-1} rel="nofollow">
            {path}
          </a>
        ))}
      </div>
    </>
  );
}
