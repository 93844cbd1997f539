import { MAX_PARLAY_PICKS } from "@shared/domain/parlay";
import { HOME_SECTIONS } from "../home";
import { OPEN_PARLAY_MODAL_EVENT } from "~/features/parlay/components/parlay-storage";
import { ServerMarkup, type ServerHtml } from "~/components/ServerMarkup";

/**
 * The explainer's text: heading, introduction and the three steps. Rendered on the server
 * (home-page.server.tsx) for HomeParlayExplainer to show.
 */
export function ParlayExplainerText() {
  return (
    <>
      <h2 id="home-parlay-title">{HOME_SECTIONS.parlay}</h2>
      <p className="home-section__intro">
        Put your own parlay together from our picks in any of the five leagues, then share it.
      </p>
      <ol className="home-parlay__steps">
        <li>
          <strong>Add picks.</strong> On the Match of the Week above or any match page, press 'Add to Parlay Builder'
          before kick-off.
        </li>
        <li>
          <strong>Collect up to {MAX_PARLAY_PICKS}.</strong> Each pick joins once; the PB badge in the header counts
          them, and they stay in this browser session.
        </li>
        <li>
          <strong>Copy to share.</strong> 'Copy Parlay' puts the numbered picks, their average confidence and our
          disclaimer on your clipboard, ready for a text, an email or a post.
        </li>
      </ol>
    </>
  );
}

/** The home page's Parlay Builder explainer, with a button that opens the builder. */
export function HomeParlayExplainer({ text }: { text: ServerHtml }) {
  return (
    <section aria-labelledby="home-parlay-title" className="page-section home-section home-parlay">
      <ServerMarkup as="div" markup={text} />
      <button
        type="button"
        className="button"
        onClick={() => window.dispatchEvent(new CustomEvent(OPEN_PARLAY_MODAL_EVENT))}
      >
        Open the Parlay Builder
      </button>
    </section>
  );
}
