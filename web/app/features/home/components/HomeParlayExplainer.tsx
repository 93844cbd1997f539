import { MAX_PARLAY_PICKS } from "@shared/domain/parlay";
import { HOME_SECTIONS } from "../home";
import { OPEN_PARLAY_ATTRIBUTE } from "~/features/parlay/components/parlay-events";

/**
 * The home page's Parlay Builder explainer: heading, introduction, the three steps and a button
 * that opens the builder. Rendered on the server (home-page.server.tsx); the button is one of the
 * page's `data-open-parlay` buttons, which LazyParlayModal answers.
 */
export function ParlayExplainerText() {
  return (
    <>
      <div>
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
      </div>
      <button type="button" className="button" {...{ [OPEN_PARLAY_ATTRIBUTE]: "" }}>
        Open the Parlay Builder
      </button>
    </>
  );
}
