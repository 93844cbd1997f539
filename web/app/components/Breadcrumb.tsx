import { PageLink } from "./PageLink";

export interface Crumb {
  label: string;
  href?: string;
  /** The page being shown; by default the last crumb is. */
  current?: boolean;
}

/**
 * The trail itself: the list inside the breadcrumb's nav (MatchView shows it as server markup).
 * The current page is plain text; every other crumb with an address links to it, also one after
 * the current page (the league page's trail ends in a link to its team list).
 */
export function BreadcrumbTrail({ crumbs }: { crumbs: readonly Crumb[] }) {
  const marked = crumbs.findIndex((crumb) => crumb.current);
  const currentIndex = marked === -1 ? crumbs.length - 1 : marked;
  return (
    <ol>
      {crumbs.map((crumb, index) => (
        <li key={`${index}-${crumb.label}`}>
          {crumb.href && index !== currentIndex ? (
            <PageLink to={crumb.href}>{crumb.label}</PageLink>
          ) : (
            <span aria-current={index === currentIndex ? "page" : undefined}>{crumb.label}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A breadcrumb trail with the current page marked (the last crumb unless another is). */
export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <BreadcrumbTrail crumbs={crumbs} />
    </nav>
  );
}
