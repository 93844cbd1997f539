import { PageLink } from "./PageLink";

export interface Crumb {
  label: string;
  href?: string;
}

/** The trail itself: the list inside the breadcrumb's nav (MatchView shows it as server markup). */
export function BreadcrumbTrail({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <ol>
      {crumbs.map((crumb, index) => (
        <li key={`${index}-${crumb.label}`}>
          {crumb.href && index < crumbs.length - 1 ? (
            <PageLink to={crumb.href}>{crumb.label}</PageLink>
          ) : (
            <span aria-current={index === crumbs.length - 1 ? "page" : undefined}>{crumb.label}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A breadcrumb trail; the last crumb is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <BreadcrumbTrail crumbs={crumbs} />
    </nav>
  );
}
