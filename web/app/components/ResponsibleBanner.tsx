import { Link } from "@remix-run/react";
import { MINIMUM_WAGER_AGE, RESPONSIBLE_BANNER } from "@shared/domain/site";

/** `text` is the editors' wording from site settings; the spec's text otherwise. */
export function ResponsibleBanner({ text = RESPONSIBLE_BANNER }: { text?: string }) {
  return (
    <aside className="rg-banner" aria-label="Responsible gambling">
      <strong>{text}</strong>
      <span className="rg-banner__age">{MINIMUM_WAGER_AGE}+ to wager.</span>
      <Link to="/responsible-gambling">Get help and resources</Link>
    </aside>
  );
}
