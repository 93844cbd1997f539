/** A static page's head tags (see seo/page-meta.server.ts). */
import type { MetaDescriptor } from "@remix-run/node";
import type { PortableText } from "@shared/content/documents";
import { portableTextToPlainText } from "@shared/content/portable-text";
import { faqPageJsonLd, pageMeta, type SiteSeo } from "../seo/seo";

/**
 * A static page (about, terms, privacy, responsible gambling). Sections an editor titles as a
 * question ("How are picks made?") are the page's questions and answers, given to search engines
 * as an FAQPage.
 */
export function staticPageMeta(
  page: { title: string; description: string; sections: ReadonlyArray<{ heading: string; body: PortableText }> },
  canonical: string,
  site: SiteSeo,
): MetaDescriptor[] {
  const questions = page.sections
    .filter((section) => section.heading.trim().endsWith("?"))
    .map((section) => ({ question: section.heading, answer: portableTextToPlainText(section.body) }));
  return pageMeta({
    site,
    title: page.title,
    description: page.description,
    path: canonical,
    jsonLd: () => [faqPageJsonLd(questions)],
  });
}
