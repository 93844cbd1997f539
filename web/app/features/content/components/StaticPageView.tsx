import { RichText, type RichTextHtml } from "./RichText";

export interface StaticPageData {
  title: string;
  description: string;
  lastUpdated: string | null;
  intro: RichTextHtml | null;
  sections: Array<{ key: string; heading: string; body: RichTextHtml }>;
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
