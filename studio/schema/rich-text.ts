/**
 * Long texts are Portable Text: structured data the site renders with its own components,
 * never HTML. Paragraphs, two heading levels, quotes, lists, bold, italic and links.
 */
import { defineArrayMember, defineType } from "sanity";
import { safeLinkHref } from "@shared/content/link-href";

const LINK_MESSAGE =
  "Link to an https:// (or http://) address, a mailto: address, or a page of this site starting with /";

export const richText = defineType({
  name: "richText",
  title: "Rich text",
  type: "array",
  of: [
    defineArrayMember({
      type: "block",
      styles: [
        { title: "Normal", value: "normal" },
        { title: "Heading", value: "h3" },
        { title: "Subheading", value: "h4" },
        { title: "Quote", value: "blockquote" },
      ],
      lists: [
        { title: "Bullets", value: "bullet" },
        { title: "Numbers", value: "number" },
      ],
      marks: {
        decorators: [
          { title: "Bold", value: "strong" },
          { title: "Italic", value: "em" },
        ],
        annotations: [
          {
            name: "link",
            type: "object",
            title: "Link",
            fields: [
              {
                name: "href",
                type: "url",
                title: "Address",
                description: "A page of this site (/picks), an https:// address or a mailto: address.",
                // The url type's own check allows http(s) addresses only: relative and mailto: ones are
                // welcome here, and the site renders no other link (javascript:, data:, //elsewhere...),
                // which the custom rule refuses (shared/content/link-href.ts, as the site's renderer).
                validation: (rule) =>
                  rule
                    .required()
                    .uri({ scheme: [/^[a-z][a-z0-9+.-]*$/i], allowRelative: true })
                    .custom((value) => (value === undefined || safeLinkHref(value) !== null ? true : LINK_MESSAGE)),
              },
            ],
          },
        ],
      },
    }),
  ],
});
