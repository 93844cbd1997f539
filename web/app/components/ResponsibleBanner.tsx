import { Link } from "@remix-run/react";
import { MINIMUM_WAGER_AGE, RESPONSIBLE_BANNER } from "../../../shared/domain/site";

export function ResponsibleBanner() {
  return (
    <aside className="rg-banner" aria-label="Responsible gambling">
      <strong>{RESPONSIBLE_BANNER}</strong>
      <span className="rg-banner__age">{MINIMUM_WAGER_AGE}+ to wager.</span>
      <Link to="/responsible-gambling">Get help and resources</Link>
    </aside>
  );
}
