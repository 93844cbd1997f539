/**
 * The match preview's document actions:
 *
 * - Locked at kick-off: once the fixture kicked off (by the site's clock) every action is
 *   disabled, with the reason and the pick on record (the ledger's), so nobody believes a late
 *   edit changes history. Only the actions known to change nothing (READ_ONLY_ACTIONS) stay
 *   enabled: the lock is the default, so an action Sanity or a plugin adds later (scheduling a
 *   publish, say) is locked too instead of being a way around the lock.
 * - Publishing stores the "Needs review" flag (`requiresReview` and its reasons) from the same
 *   rules as the validation warning; it never stops the publish.
 */
import { useEffect, useState } from "react";
import { useDocumentOperation, type DocumentActionComponent, type DocumentActionProps, type DocumentBadgeComponent } from "sanity";
import { DOCUMENT_TYPES } from "@shared/content/ids";
import { documentReview, fixtureKeyOf, fixtureLock, type FixtureLock } from "./desk";
import { fetchFixtureData, siteNow, type EditorFixtureData } from "./site-api";

/**
 * The actions a locked preview keeps enabled: those that change nothing in the dataset. Every
 * other action, whatever its name (or without one), is disabled once the fixture kicked off.
 */
export const READ_ONLY_ACTIONS: ReadonlySet<DocumentActionComponent> = new Set<DocumentActionComponent>();

type Loaded = { state: "loading" } | { state: "done"; data: EditorFixtureData | null };

/** The site's numbers for the fixture of the document, refetched when its key changes. */
export function useFixtureData(document: unknown): Loaded {
  const key = fixtureKeyOf(document);
  const keyText = key ? `${key.league}/${key.season}/${key.homeTeam}/${key.awayTeam}` : "";
  const [loaded, setLoaded] = useState<{ key: string; data: EditorFixtureData | null } | null>(null);
  useEffect(() => {
    let current = true;
    if (!key) return;
    fetchFixtureData(key)
      .catch(() => null)
      .then((data) => {
        if (current) setLoaded({ key: keyText, data });
      });
    return () => {
      current = false;
    };
    // The key's text names it whole.
  }, [keyText]);
  if (!key) return { state: "done", data: null };
  return loaded && loaded.key === keyText ? { state: "done", data: loaded.data } : { state: "loading" };
}

function useLock(props: DocumentActionProps): FixtureLock {
  const document = props.draft ?? props.published;
  const loaded = useFixtureData(document);
  return fixtureLock(document, loaded.state === "done" ? loaded.data : null, siteNow());
}

/** Wraps an action so a kicked-off preview shows it disabled, with why. */
export function lockedAtKickoff(original: DocumentActionComponent): DocumentActionComponent {
  const Locked: DocumentActionComponent = (props) => {
    const description = original(props);
    const lock = useLock(props);
    if (!description || !lock.locked) return description;
    return { ...description, disabled: true, title: lock.reason ?? undefined, onHandle: () => undefined };
  };
  Locked.action = original.action;
  Locked.displayName = `LockedAtKickoff(${original.displayName ?? original.action ?? "action"})`;
  return Locked;
}

/** Wraps publish so the published preview carries the "Needs review" flag of its pick. */
export function publishWithReviewFlag(original: DocumentActionComponent): DocumentActionComponent {
  const Publish: DocumentActionComponent = (props) => {
    const description = original(props);
    const { patch } = useDocumentOperation(props.id, props.type);
    const document = props.draft ?? props.published;
    const loaded = useFixtureData(document);
    if (!description) return description;
    return {
      ...description,
      onHandle: () => {
        const reasons = documentReview(document, loaded.state === "done" ? loaded.data : null);
        patch.execute([{ set: { requiresReview: reasons.length > 0, reviewReasons: reasons.map((reason) => reason.message) } }]);
        description.onHandle?.();
      },
    };
  };
  Publish.action = original.action;
  Publish.displayName = "PublishWithReviewFlag";
  return Publish;
}

/** The match preview's actions: the flag on publish, and every action but the read-only ones locked at kick-off. */
export function matchPreviewActions(actions: DocumentActionComponent[], context: { schemaType: string }): DocumentActionComponent[] {
  if (context.schemaType !== DOCUMENT_TYPES.matchPreview) return actions;
  return actions.map((action) => {
    if (READ_ONLY_ACTIONS.has(action)) return action;
    return lockedAtKickoff(action.action === "publish" ? publishWithReviewFlag(action) : action);
  });
}

/** A badge on a locked preview and on one that needs review. */
export const LockedBadge: DocumentBadgeComponent = (props) => {
  const document = props.draft ?? props.published;
  const loaded = useFixtureData(document);
  const lock = fixtureLock(document, loaded.state === "done" ? loaded.data : null, siteNow());
  if (lock.locked) return { label: "Locked at kick-off", color: "danger", title: lock.reason ?? undefined };
  const reasons = documentReview(document, loaded.state === "done" ? loaded.data : null);
  if (reasons.length > 0) return { label: "Needs review", color: "warning", title: reasons.map((reason) => reason.message).join("; ") };
  return null;
};
