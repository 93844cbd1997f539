import { Link } from "@remix-run/react";

export interface Crumb {
  label: string;
  href?: string;
}

/** A breadcrumb trail; the last crumb is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`}>
            {crumb.href && index < crumbs.length - 1 ? (
              <Link to={crumb.href}>{crumb.label}</Link>
            ) : (
              <span aria-current={index === crumbs.length - 1 ? "page" : undefined}>{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
