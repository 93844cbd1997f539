import { PageLink } from "~/components/PageLink";

/** A match card's link to its match page, named with the matchup for screen readers. */
export function FullPredictionLink({
  match,
}: {
  match: { href: string; home: { name: string }; away: { name: string } };
}) {
  return (
    <PageLink className="match-card__link" to={match.href}>
      Full match prediction
      <span className="visually-hidden">
        : {match.home.name} vs {match.away.name}
      </span>{" "}
      <span aria-hidden="true">→</span>
    </PageLink>
  );
}
