import { ServerMarkup, type ServerHtml } from "~/components/ServerMarkup";

/** Editorial Portable Text, as rendered to HTML on the server (rich-text.server.tsx). */
export type RichTextHtml = ServerHtml;

/**
 * The rendered text in its `rich-text` wrapper. The markup is the server renderer's, built from
 * React elements (escaped text, plain anchors): never an editor's raw HTML.
 */
export function RichText({ value, editMark }: { value: RichTextHtml; editMark?: string }) {
  // editMark: the Presentation tool's click-to-edit mark, in draft preview only (editable.server.ts).
  return (
    <ServerMarkup as="div" className="rich-text" {...(editMark ? { "data-sanity": editMark } : {})} markup={value} />
  );
}
