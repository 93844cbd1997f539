import type { MetaDescriptor } from "@remix-run/node";
import type { PortableText } from "../../../shared/content/documents";
import { NOT_FOUND_TITLE, SITE_NAME } from "../../../shared/domain/site";
import { RichText } from "./RichText";

export interface StaticPageData {
  title: string;
  description: string;
  lastUpdated: string | null;
  intro: PortableText | null;
  sections: Array<{ key: string; heading: string; body: PortableText }>;
}

export function staticPageMeta(page: StaticPageData | undefined, canonical: string): MetaDescriptor[] {
  if (!page) return [{ title: `${NOT_FOUND_TITLE} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  return [
    { title: `${page.title} | ${SITE_NAME}` },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
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
