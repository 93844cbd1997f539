/**
 * Documents that exist once, under a fixed id the Studio's structure opens: site settings, the
 * Sunday parlay and the static pages. They are never created from the "new document" menu,
 * duplicated or deleted.
 */
import type { DocumentActionComponent, NewDocumentOptionsResolver, Template } from "sanity";
import { DOCUMENT_TYPES, type StaticPageKey } from "@shared/content/ids";
import { STATIC_PAGE_TITLES } from "./static-pages";
import { STATIC_PAGE_TEMPLATE } from "./structure";

const SINGLETON_TYPES: ReadonlySet<string> = new Set([
  DOCUMENT_TYPES.siteSettings,
  DOCUMENT_TYPES.sundayParlay,
  DOCUMENT_TYPES.staticPage,
]);
const SINGLETON_ACTIONS: ReadonlySet<string> = new Set(["publish", "discardChanges", "restore"]);

export function singletonActions(
  actions: DocumentActionComponent[],
  context: { schemaType: string },
): DocumentActionComponent[] {
  return SINGLETON_TYPES.has(context.schemaType)
    ? actions.filter((action) => action.action && SINGLETON_ACTIONS.has(action.action))
    : actions;
}

export const withoutSingletons: NewDocumentOptionsResolver = (templates) =>
  templates.filter((item) => !SINGLETON_TYPES.has(item.templateId) && item.templateId !== STATIC_PAGE_TEMPLATE);

/** Templates: no generic ones for singleton types, plus one that opens a static page with its key set. */
export function singletonTemplates(templates: Template[]): Template[] {
  return [
    ...templates.filter((template) => !SINGLETON_TYPES.has(template.schemaType)),
    {
      id: STATIC_PAGE_TEMPLATE,
      title: "Page",
      schemaType: DOCUMENT_TYPES.staticPage,
      parameters: [{ name: "page", type: "string" }],
      value: ({ page }: { page: StaticPageKey }) => ({ page, title: STATIC_PAGE_TITLES[page] }),
    },
  ];
}
