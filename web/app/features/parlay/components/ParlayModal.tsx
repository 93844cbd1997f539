import { useEffect, useId, useRef, useState, type MouseEvent } from "react";
import { formatConfidence, formatPercent } from "@shared/domain/format";
import {
  clearParlay,
  EMPTY_PARLAY_NOTICE,
  MAX_PARLAY_PICKS,
  PARLAY_REMOVE_FAILED,
  removeFromParlay,
  type ParlayPick,
} from "@shared/domain/parlay";
import { averageConfidence, PARLAY_COPIED, PARLAY_COPY_FAILED, parlayCopyText } from "@shared/domain/parlay-copy";
import { combinedProbability, sameMatchMatchups } from "@shared/domain/parlay-probability";
import { SITE_NAME } from "@shared/domain/site";
import { PARLAY_TOAST_DURATION_MS, showToast } from "~/components/toast/toast-events";
import {
  announceModalOpen,
  OPEN_PARLAY_MODAL_EVENT,
  PARLAY_UPDATED_EVENT,
  readParlay,
  storeParlayOrToast,
} from "./parlay-storage";

export interface ParlayModalProps {
  /**
   * Set when the dialog's code was loaded by an openParlayModal event (LazyParlayModal): the
   * dialog opens as soon as it mounts, and focus goes back to this element when it closes.
   */
  openedBy?: { opener: HTMLElement | null };
}

/**
 * The Parlay Builder dialog, opened by the openParlayModal window event (and announcing itself
 * with modalOpen once open): the stored picks, remove one, clear, copy to the clipboard, and a
 * how-it-works panel. A native modal dialog keeps focus inside and closes on Escape; focus goes
 * back to whatever opened it. Clear and Copy stay in view at the foot of the dialog however
 * long the list is.
 */
export function ParlayModal({ openedBy }: ParlayModalProps = {}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const howButtonRef = useRef<HTMLButtonElement>(null);
  const howHeadingRef = useRef<HTMLHeadingElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [showHow, setShowHow] = useState(false);
  const [picks, setPicks] = useState<ParlayPick[]>([]);
  const titleId = useId();
  const howTitleId = useId();

  useEffect(() => {
    const refresh = () => setPicks(readParlay());
    const openWith = (opener: HTMLElement | null) => {
      openerRef.current = opener;
      refresh();
      setShowHow(false);
      setOpen(true);
    };
    const onOpen = () => openWith(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (openedBy) openWith(openedBy.opener);
    window.addEventListener(OPEN_PARLAY_MODAL_EVENT, onOpen);
    window.addEventListener(PARLAY_UPDATED_EVENT, refresh);
    window.addEventListener("storage", refresh);
    return () => {
      window.removeEventListener(OPEN_PARLAY_MODAL_EVENT, onOpen);
      window.removeEventListener(PARLAY_UPDATED_EVENT, refresh);
      window.removeEventListener("storage", refresh);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Mount-only: a later openedBy is not a new request (the listeners above handle those).
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      closeRef.current?.focus();
      announceModalOpen({ count: readParlay().length });
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open && openerRef.current) {
      if (openerRef.current.isConnected) openerRef.current.focus();
      openerRef.current = null;
    }
  }, [open]);

  const toggleHow = (show: boolean) => {
    setShowHow(show);
    // The panel replaces the list: move focus with it.
    requestAnimationFrame(() => (show ? howHeadingRef.current : howButtonRef.current)?.focus());
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("No clipboard in this browser");
      await navigator.clipboard.writeText(parlayCopyText(picks, SITE_NAME));
      showToast("success", { message: PARLAY_COPIED, durationMs: PARLAY_TOAST_DURATION_MS });
    } catch (error) {
      console.warn("Could not copy the parlay", error);
      showToast("error", { message: PARLAY_COPY_FAILED, durationMs: PARLAY_TOAST_DURATION_MS });
    }
  };

  // A click on the backdrop (the dialog element itself, outside its panel) closes it.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) setOpen(false);
  };

  const combined = combinedProbability(picks);
  const sameMatch = sameMatchMatchups(picks);
  const empty = picks.length === 0;

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- backdrop click to close; the keyboard way is the native dialog's Escape (cancel)
    <dialog
      ref={dialogRef}
      className="parlay-modal"
      aria-labelledby={titleId}
      aria-modal="true"
      onClose={() => setOpen(false)}
      onCancel={(event) => {
        if (showHow) {
          event.preventDefault();
          toggleHow(false);
        }
      }}
      onClick={onDialogClick}
    >
      {open ? (
        <div className="parlay-modal__panel">
          <header className="parlay-modal__header">
            <h2 id={titleId}>Parlay Builder</h2>
            <button ref={closeRef} type="button" className="parlay-modal__close" onClick={() => setOpen(false)}>
              Close<span className="visually-hidden"> Parlay Builder</span>
            </button>
          </header>

          <section className="parlay-modal__how" aria-labelledby={howTitleId} hidden={!showHow}>
            <h3 id={howTitleId} ref={howHeadingRef} tabIndex={-1}>
              How the Parlay Builder works
            </h3>
            <ol>
              <li>Open any upcoming match page and choose 'Add to Parlay Builder' to add its best pick.</li>
              <li>
                Keep up to {MAX_PARLAY_PICKS} picks. A pick joins only once, and not after its match has kicked off.
              </li>
              <li>Picks stay in this browser session: closing the tab clears them.</li>
              <li>
                'Copy Parlay' puts the numbered picks, their average confidence and our disclaimer on your clipboard,
                ready to share.
              </li>
              <li>
                The combined probability multiplies our model's chance for each pick. It assumes the picks are
                independent, which two picks from the same match are not.
              </li>
            </ol>
            <button type="button" className="button" onClick={() => toggleHow(false)}>
              Back to my picks
            </button>
          </section>

          <div className="parlay-modal__body" hidden={showHow}>
            <p className="parlay-modal__count">
              {picks.length} of {MAX_PARLAY_PICKS} picks
              <button
                ref={howButtonRef}
                type="button"
                className="parlay-modal__how-button"
                onClick={() => toggleHow(true)}
              >
                How it works
              </button>
            </p>
            {empty ? (
              <p className="parlay-modal__empty">{EMPTY_PARLAY_NOTICE}</p>
            ) : (
              <ol className="parlay-modal__picks">
                {picks.map((pick) => (
                  <li key={pick.id} className="parlay-modal__pick">
                    <div>
                      <p className="parlay-modal__pick-text">
                        <strong>{pick.pick}</strong> —{" "}
                        {pick.href ? <a href={pick.href}>{pick.matchup}</a> : pick.matchup}
                      </p>
                      <p className="parlay-modal__pick-meta">
                        {pick.league} · Confidence: {formatConfidence(pick.confidence)}
                        {pick.probability === undefined
                          ? null
                          : ` · Model probability: ${formatPercent(pick.probability * 100)}`}
                      </p>
                    </div>
                    <button
                      type="button"
                      className="parlay-modal__remove"
                      onClick={() => storeParlayOrToast(removeFromParlay(picks, pick.id), PARLAY_REMOVE_FAILED)}
                    >
                      Remove<span className="visually-hidden"> {`${pick.pick} — ${pick.matchup}`}</span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
            {empty ? null : (
              <dl className="parlay-modal__summary">
                <div>
                  <dt>Average Confidence</dt>
                  <dd>{averageConfidence(picks).toFixed(1)}%</dd>
                </div>
                {combined === null ? null : (
                  <div>
                    <dt>Combined probability (all picks land)</dt>
                    <dd>{formatPercent(combined * 100, 1)}</dd>
                  </div>
                )}
              </dl>
            )}
            {sameMatch.length > 0 ? (
              <p className="parlay-modal__warning">
                <strong>Warning:</strong> more than one pick comes from {sameMatch.join(", ")}. Their outcomes are
                linked, so the combined probability is only a rough guide.
              </p>
            ) : null}
            <div className="parlay-modal__actions">
              <button
                type="button"
                className="button parlay-modal__clear"
                disabled={empty}
                onClick={() => storeParlayOrToast(clearParlay(), PARLAY_REMOVE_FAILED)}
              >
                Clear All
              </button>
              <button type="button" className="button parlay-modal__copy" disabled={empty} onClick={() => void copy()}>
                Copy Parlay
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
