/** How the Parlay Builder works, in three steps (the builder itself opens from the header's PB button). */
export function ParlayBuilderExplainer() {
  return (
    <section aria-labelledby="parlay-builder-title" className="page-section">
      <h2 id="parlay-builder-title">Build Your Own Parlay</h2>
      <ol className="steps">
        <li>
          <strong>Pick.</strong> On any ranked match card (like the top picks above, or on a league page) or on a match
          page, press 'Add to Parlay Builder' on a pick you like, before kick-off.
        </li>
        <li>
          <strong>Combine.</strong> Stack up to 10 picks from any league; the 'PB' button in the header shows how many
          you have.
        </li>
        <li>
          <strong>Share.</strong> Open the Parlay Builder to review, remove or clear picks and copy your parlay to share
          it.
        </li>
      </ol>
      <p className="muted">For entertainment and information only: we do not take bets. 21+ to wager.</p>
    </section>
  );
}
