import type { PortableText as PortableTextValue } from "../../../shared/content/documents";
import { PortableTextBlocks, type MarkComponent } from "./PortableTextBlocks";

/** Editors' links open as plain anchors; external ones in a new tab without an opener. */
const marks: Record<string, MarkComponent> = {
  link: ({ value, children }) => {
    const href = typeof value?.href === "string" ? value.href : "#";
    const external = /^https?:\/\//.test(href);
    return (
      <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        {children}
      </a>
    );
  },
};

/** Editorial Portable Text rendered through components: never raw HTML. */
export function RichText({ value }: { value: PortableTextValue }) {
  return (
    <div className="rich-text">
      <PortableTextBlocks value={value} marks={marks} />
    </div>
  );
}
