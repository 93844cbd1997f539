/**
 * Editorial Portable Text rendered to HTML on the server, for the RichText component to show.
 * The texts are data the page has to send anyway; sent as the markup they become, the browser
 * needs no renderer for them. The markup comes from PortableTextBlocks, whose every node is a
 * React element: text is escaped, and nothing an editor writes is ever inserted as HTML.
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { PortableText } from "@shared/content/documents";
import { isExternalHref, safeLinkHref } from "@shared/content/link-href";
import { PortableTextBlocks, type MarkComponent } from "./components/PortableTextBlocks";
import { serverHtml } from "~/markup-scope.server";
import type { RichTextHtml } from "./components/RichText";

/**
 * Editors' links open as plain anchors; external ones in a new tab without an opener. A link to
 * anything but an http(s) or mailto address or a page of this site (javascript:, data:...) shows
 * its text without a link.
 */
const marks: Record<string, MarkComponent> = {
  link: ({ value, children }) => {
    const href = safeLinkHref(value?.href);
    if (href === null) return <>{children}</>;
    return (
      <a href={href} {...(isExternalHref(href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        {children}
      </a>
    );
  },
};

export function renderRichText(value: PortableText): RichTextHtml {
  return serverHtml(renderToStaticMarkup(<PortableTextBlocks value={value} marks={marks} />));
}

/** A text worth showing, rendered; null for a missing or empty one. */
export function renderOptionalRichText(value: PortableText | null | undefined): RichTextHtml | null {
  return value && value.length > 0 ? renderRichText(value) : null;
}
