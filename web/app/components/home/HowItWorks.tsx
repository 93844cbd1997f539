import { HOME_SECTIONS, HOW_IT_WORKS_STEPS } from "../../page-texts";

/** The home page's three steps: We Analyze, We Rank, You Win. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-title" className="page-section home-section">
      <h2 id="how-it-works-title">{HOME_SECTIONS.howItWorks}</h2>
      <ol className="home-steps">
        {HOW_IT_WORKS_STEPS.map((step, index) => (
          <li key={step.title} className="home-step">
            <span className="home-step__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
