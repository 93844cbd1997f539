import { RichText, type RichTextHtml } from "./RichText";

export interface StaticPageData {
  title: string;
  description: string;
  lastUpdated: string | null;
  intro: RichTextHtml | null;
  sections: Array<{ key: string; heading: string; body: RichTextHtml; edit?: { heading?: string; body?: string } }>;
  /** In draft preview: the Presentation tool's click-to-edit marks (editable.server.ts). */
  edit?: { title?: string; intro?: string };
}

/** An editorial page: its title, last-updated date, intro and numbered sections. */
export function StaticPageView({ page }: { page: StaticPageData }) {
  return (
    <article className="page static-page">
      <header className="page-header">
        <h1 data-sanity={page.edit?.title}>{page.title}</h1>
        {page.lastUpdated ? <p className="muted">Last updated: {page.lastUpdated}</p> : null}
        {page.intro ? <RichText value={page.intro} editMark={page.edit?.intro} /> : null}
      </header>
      {page.sections.map((section) => (
        <section
          key={section.key}
          aria-labelledby={`section-${section.key}`}
          className="page-section static-page__section"
        >
          <h2 id={`section-${section.key}`} data-sanity={section.edit?.heading}>
            {section.heading}
          </h2>
          <RichText value={section.body} editMark={section.edit?.body} />
        </section>
      ))}
    </article>
  );
}
