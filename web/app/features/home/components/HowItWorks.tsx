import { HOME_SECTIONS, HOW_IT_WORKS_STEPS } from "../home";

/**
 * The home page's three steps: We Analyze, We Rank, You Win. The content of its `how-it-works`
 * section, rendered on the server (home-page.server.tsx).
 */
export function HowItWorks() {
  return (
    <>
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
    </>
  );
}
