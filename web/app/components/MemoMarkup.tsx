/**
 * A part of server markup that is a function of its `input` alone (a ranked match card, a
 * fixture row, a league table): inside server markup (server-markup.server.tsx) its HTML is
 * rendered once per input and kept, so a page rendered again after a write renders again only
 * the parts whose data changed (a live tick changes a few cards, not the table or the other
 * cards). Anywhere else (a component test) it renders `children()` in place, the same HTML.
 *
 * `children` must depend on nothing but `input` (no clock, no context but PageLink's) and must
 * not use React's useId: a kept part's HTML comes from a render of its own.
 */
import { createContext, createElement, useContext, type HTMLAttributes, type ReactNode } from "react";

/** Where a server render keeps parts: their HTML for `name` and `input`, or null to render them in place. */
export interface MarkupMemo {
  html(name: string, input: unknown, render: () => ReactNode): string | null;
}

export const MarkupMemoContext = createContext<MarkupMemo | null>(null);

type Host = "li" | "div" | "section";

type HostAttributes = Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML">;

export function MemoMarkup({
  as,
  name,
  input,
  children,
  ...attributes
}: { as: Host; name: string; input: unknown; children: () => ReactNode } & HostAttributes) {
  const memo = useContext(MarkupMemoContext);
  const html = memo?.html(name, input, children) ?? null;
  return html === null
    ? createElement(as, attributes, children())
    : createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}
