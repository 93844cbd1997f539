import { PortableText, type PortableTextComponents } from "@portabletext/react";
import type { PortableText as PortableTextValue } from "../../../shared/content/documents";

/** Editors' links open as plain anchors; external ones in a new tab without an opener. */
const components: PortableTextComponents = {
  marks: {
    link: ({ value, children }) => {
      const href = typeof value?.href === "string" ? value.href : "#";
      const external = /^https?:\/\//.test(href);
      return (
        <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
          {children}
        </a>
      );
    },
  },
};

/** Editorial Portable Text rendered through components: never raw HTML. */
export function RichText({ value }: { value: PortableTextValue }) {
  return (
    <div className="rich-text">
      <PortableText value={value} components={components} />
    </div>
  );
}
