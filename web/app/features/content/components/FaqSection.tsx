import type { FaqItem } from "~/features/seo/seo";

/** A page's questions and answers, as shown; the page's FAQPage JSON-LD carries the same texts. */
export function FaqSection({ id, title, items }: { id: string; title: string; items: readonly FaqItem[] }) {
  return (
    <section aria-labelledby={id} className="page-section faq">
      <h2 id={id}>{title}</h2>
      {items.map((item) => (
        <div key={item.question} className="faq__item">
          <h3>{item.question}</h3>
          <p>{item.answer}</p>
        </div>
      ))}
    </section>
  );
}
