/**
 * The static pages: About, Terms of Service, Privacy Policy and Responsible Gambling. Each is
 * an introduction and titled sections; the legal pages carry their 'last updated' date.
 */
import { defineArrayMember, defineField, defineType } from "sanity";
import { DOCUMENT_TYPES, STATIC_PAGES, type StaticPageKey } from "@shared/content/ids";
import { STATIC_PAGE_TITLES } from "../static-pages";
import { choiceOf } from "./fields";
import { isKeyTaken } from "./unique";

const DATED_PAGES: ReadonlySet<string> = new Set<StaticPageKey>(["terms", "privacy"]);

export const pageSection = defineType({
  name: "pageSection",
  title: "Section",
  type: "object",
  fields: [
    defineField({ name: "heading", title: "Heading", type: "string", validation: (rule) => rule.required().max(80) }),
    defineField({ name: "body", title: "Text", type: "richText", validation: (rule) => rule.required().min(1) }),
  ],
  preview: { select: { title: "heading" } },
});

export const staticPage = defineType({
  name: DOCUMENT_TYPES.staticPage,
  title: "Page",
  type: "document",
  description: "One of the site's static pages.",
  fields: [
    defineField({
      name: "page",
      title: "Page",
      type: "string",
      description: "Which page of the site this is; set when the page is created.",
      readOnly: ({ document }) => Boolean(document?._createdAt),
      options: { list: STATIC_PAGES.map((page) => ({ title: STATIC_PAGE_TITLES[page], value: page })) },
      validation: choiceOf(`Choose one of: ${Object.values(STATIC_PAGE_TITLES).join(", ")}`, { required: true }),
    }),
    defineField({ name: "title", title: "Title", type: "string", validation: (rule) => rule.required().max(80) }),
    defineField({
      name: "lastUpdated",
      title: "Last updated",
      type: "date",
      description: "Shown under the title. Required on the Terms of Service and the Privacy Policy.",
      validation: (rule) =>
        rule.custom((value, context) =>
          !value && DATED_PAGES.has(String((context.document as { page?: string } | undefined)?.page))
            ? "Legal pages show the date they were last updated"
            : true,
        ),
    }),
    defineField({ name: "intro", title: "Introduction", type: "richText" }),
    defineField({
      name: "sections",
      title: "Sections",
      type: "array",
      of: [defineArrayMember({ type: "pageSection" })],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  validation: (rule) =>
    rule.custom(async (document, context) => {
      const { page, _id } = (document ?? {}) as { page?: string; _id?: string };
      if (!page || !_id) return true;
      return (await isKeyTaken(context, DOCUMENT_TYPES.staticPage, _id, { page }))
        ? "This page already exists: edit that one"
        : true;
    }),
  preview: {
    select: { title: "title", lastUpdated: "lastUpdated" },
    prepare: ({ title, lastUpdated }: { title?: string; lastUpdated?: string }) => ({
      title,
      subtitle: lastUpdated ? `Last updated ${lastUpdated}` : undefined,
    }),
  },
});
