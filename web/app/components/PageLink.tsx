/**
 * A link to one of the site's pages, for components that the browser renders and that the
 * server renders ahead as markup (server-markup.server.tsx) alike: Remix's Link by default;
 * inside server markup, a plain anchor the root navigates with (server-markup-behaviour.ts).
 */
import { Link } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";

export interface PageLinkProps {
  to: string;
  className?: string;
  children?: ReactNode;
}

export const PageLinkContext = createContext<(props: PageLinkProps) => ReactNode>(Link);

export function PageLink(props: PageLinkProps) {
  const Implementation = useContext(PageLinkContext);
  return <Implementation {...props} />;
}
