import { ServerMarkup, type ServerHtml } from "~/components/ServerMarkup";
import { MatchHero, type MatchHeroView } from "./MatchHero";
import { useLiveRefresh } from "./useLiveRefresh";
import { useUpdatedAgoClock } from "./useUpdatedAgoClock";

/** The match page around its header, as the server renders it (match-sections.server.tsx). */
export interface MatchSectionsMarkup {
  breadcrumb: ServerHtml;
  /**
   * The spec's sections in order; each one's heading is `{id}-title`. `empty`: nothing but its
   * placeholder text, shown as one muted line.
   */
  sections: Array<{ id: string; markup: ServerHtml; empty?: boolean }>;
  backLink: ServerHtml;
}

/**
 * The full match page: the header with the parlay button, rendered here, and everything else
 * as the server rendered it. The home page's Match of the Week is EmbeddedMatchView, which the
 * home page imports directly, so none of this page's code reaches the home page.
 */
export function MatchView({
  hero,
  sections,
  live,
}: {
  hero: MatchHeroView;
  sections: MatchSectionsMarkup;
  live: boolean;
}) {
  useLiveRefresh(live);
  useUpdatedAgoClock(live);
  return (
    <div className="page match-page">
      {/* The nav Breadcrumb renders, around the server's trail. */}
      <ServerMarkup as="nav" className="breadcrumb" aria-label="Breadcrumb" markup={sections.breadcrumb} />
      <MatchHero hero={hero} titleAs="h1" />
      {sections.sections.map(({ id, markup, empty }) => (
        <ServerMarkup
          key={id}
          as="section"
          id={id}
          aria-labelledby={`${id}-title`}
          className={`page-section match-section${empty ? " page-section--empty" : ""}`}
          markup={markup}
        />
      ))}
      <ServerMarkup as="p" className="page-section" markup={sections.backLink} />
    </div>
  );
}
