import type { MetaDescriptor } from "@remix-run/node";
import type { PortableText } from "../../../shared/content/documents";
import { portableTextToPlainText } from "../../../shared/content/portable-text";
import { errorPageMeta, faqPageJsonLd, pageMeta, type SeoMatches } from "../seo";
import { RichText } from "./RichText";

export interface StaticPageData {
  title: string;
  description: string;
  lastUpdated: string | null;
  intro: PortableText | null;
  sections: Array<{ key: string; heading: string; body: PortableText }>;
}

/**
 * A static page's metadata. Sections an editor titles as a question ("How are picks made?")
 * are the page's questions and answers, given to search engines as an FAQPage.
 */
export function staticPageMeta(
  { data: page, matches, error }: { data: StaticPageData | undefined; matches: SeoMatches; error?: unknown },
  canonical: string,
): MetaDescriptor[] {
  if (!page) return errorPageMeta(error);
  const questions = page.sections
    .filter((section) => section.heading.trim().endsWith("?"))
    .map((section) => ({ question: section.heading, answer: portableTextToPlainText(section.body) }));
  return pageMeta({
    matches,
    title: page.title,
    description: page.description,
    path: canonical,
    jsonLd: () => [faqPageJsonLd(questions)],
  });
}

/** An editorial page: its title, last-updated date, intro and numbered sections. */
export function StaticPageView({ page }: { page: StaticPageData }) {
  return (
    <article className="page static-page">
      <header className="page-header">
        <h1>{page.title}</h1>
        {page.lastUpdated ? <p className="muted">Last updated: {page.lastUpdated}</p> : null}
        {page.intro ? <RichText value={page.intro} /> : null}
      </header>
      {page.sections.map((section) => (
        <section key={section.key} aria-labelledby={`section-${section.key}`} className="page-section static-page__section">
          <h2 id={`section-${section.key}`}>{section.heading}</h2>
          <RichText value={section.body} />
        </section>
      ))}
    </article>
  );
}
