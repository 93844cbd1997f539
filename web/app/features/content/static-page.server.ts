import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { DOCUMENT_TYPES, staticPageDocumentId, type StaticPageKey } from "@shared/content/ids";
import { editMarks, NO_EDIT_MARKS } from "./editable.server";
import { portableTextToPlainText } from "@shared/content/portable-text";
import { formatLongDate } from "@shared/domain/format";
import { pageCacheControl } from "~/cache-control";
import type { StaticPageData } from "./components/StaticPageView";
import type { AppContext } from "~/load-context";
import { staticPageMeta } from "./static-page-meta.server";
import { renderRichText } from "./rich-text.server";
import { siteSeo } from "../seo/seo.server";
import { notFound } from "~/not-found.server";

const DESCRIPTION_LENGTH = 160;

/** "2025-08-09" → "August 9, 2025", as the legal pages print their date. */
export function formatLastUpdated(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return formatLongDate(date);
}

/**
 * A static page (/about, /terms, /privacy, /responsible-gambling) from the content source:
 * published, or the drafts in preview; a 404 when the document is missing.
 */
export async function loadStaticPage(
  request: Request,
  context: Pick<AppContext, "content" | "previewSessions">,
  key: StaticPageKey,
) {
  const preview = await context.previewSessions.isActive(request);
  const page = await context.content.getStaticPage(key, { preview });
  if (!page) throw notFound();
  const intro = portableTextToPlainText(page.intro);
  const description =
    intro.length > DESCRIPTION_LENGTH ? `${intro.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : intro;
  return data(
    {
      title: page.title,
      description,
      lastUpdated: page.lastUpdated ? formatLastUpdated(page.lastUpdated) : null,
      intro: page.intro,
      sections: page.sections,
      preview,
    },
    { headers: { "Cache-Control": pageCacheControl(false) } },
  );
}

/**
 * What a static page's route loader answers: the page as the view shows it (its texts rendered
 * to HTML) and its head tags, which read the texts themselves (questions and answers).
 */
export async function loadStaticPageView(
  { request, context }: LoaderFunctionArgs,
  key: StaticPageKey,
  canonical: string,
) {
  const [page, site] = await Promise.all([loadStaticPage(request, context, key), siteSeo(context, request)]);
  const { title, description, lastUpdated, intro, sections, preview } = page.data;
  const edit = preview
    ? editMarks(context.env, true, { id: staticPageDocumentId(key), type: DOCUMENT_TYPES.staticPage })
    : NO_EDIT_MARKS;
  const marked = edit("title") !== undefined;
  const view: StaticPageData = {
    title,
    description,
    lastUpdated,
    intro: intro ? renderRichText(intro) : null,
    sections: sections.map((section) => ({
      key: section.key,
      heading: section.heading,
      body: renderRichText(section.body),
      ...(marked
        ? {
            edit: {
              heading: edit(`sections[_key=="${section.key}"].heading`),
              body: edit(`sections[_key=="${section.key}"].body`),
            },
          }
        : {}),
    })),
    ...(marked ? { edit: { title: edit("title"), intro: edit("intro") } } : {}),
  };
  return data({ ...view, meta: staticPageMeta(page.data, canonical, site) }, page.init ?? undefined);
}
