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
 * - Open preview: the match page on the site, in preview mode (drafts shown), in a new tab. It
 *   enters preview mode as the Presentation tool does: a preview secret stored in the dataset
 *   with the editor's own credentials, checked by the site's enable route with its read token.
 */
import { useEffect, useState } from "react";
import {
  useClient,
  useCurrentUser,
  useDocumentOperation,
  type DocumentActionComponent,
  type DocumentActionProps,
  type DocumentBadgeComponent,
} from "sanity";
import { LaunchIcon } from "@sanity/icons";
import { urlSearchParamPreviewPathname, urlSearchParamPreviewSecret } from "@sanity/preview-url-secret/constants";
import { createPreviewSecret } from "@sanity/preview-url-secret/create-secret";
import { DOCUMENT_TYPES } from "@shared/content/ids";
import { PREVIEW_MODE_ENABLE_PATH } from "@shared/content/preview-mode";
import { isLeagueKey } from "@shared/domain/leagues";
import { matchUrl } from "@shared/domain/urls";
import { documentReview, fixtureKeyOf, fixtureLock, type FixtureLock } from "./desk";
import { STUDIO_API_VERSION } from "./environment";
import { fetchFixtureData, siteNow, siteUrl, type EditorFixtureData } from "./site-api";

/** The match page of a preview on the site ("/premier-league-predictions/…-prediction"); null while its league or a club is missing. */
export function matchPagePath(document: unknown): string | null {
  const { league, homeTeam, awayTeam } = (document ?? {}) as Record<string, unknown>;
  if (!isLeagueKey(league) || typeof homeTeam !== "string" || typeof awayTeam !== "string" || !homeTeam || !awayTeam)
    return null;
  return matchUrl(league, homeTeam, awayTeam);
}

/**
 * The site's route that enters preview mode with a secret, then shows the page at `path`: the
 * URL the Presentation tool opens, with the parameters the site reads.
 */
export function previewModeUrl(path: string, secret: string): string {
  const url = new URL(siteUrl(PREVIEW_MODE_ENABLE_PATH));
  url.searchParams.set(urlSearchParamPreviewSecret, secret);
  url.searchParams.set(urlSearchParamPreviewPathname, path);
  return url.toString();
}

/** The little of a browser tab that opening a preview uses. */
export interface PreviewTab {
  location: { href: string };
  opener: unknown;
  close(): void;
}

/**
 * Opens the page at `path` in preview mode in a new tab. The tab opens first, blank: browsers
 * allow a new tab only during the click, and the secret takes a request. Resolves to why it
 * failed, or null once the tab is on its way to the site.
 */
export async function openInPreview(
  path: string,
  openTab: () => PreviewTab | null,
  createSecret: () => Promise<string>,
): Promise<string | null> {
  const tab = openTab();
  if (!tab) return "The browser blocked the new tab. Allow pop-ups for this Studio and try again.";
  // The site's page must not reach back into the Studio.
  tab.opener = null;
  try {
    tab.location.href = previewModeUrl(path, await createSecret());
    return null;
  } catch (error) {
    tab.close();
    return `The preview could not be opened: ${(error as Error).message}`;
  }
}

/** A name for the secrets this action stores, as the Presentation tool names its own. */
const PREVIEW_SECRET_SOURCE = "studio/open-preview";

/** 'Open preview': the match page on the site, in preview mode, in a new tab. It changes nothing in the dataset but a preview secret. */
export const OpenPreviewAction: DocumentActionComponent = (props) => {
  const client = useClient({ apiVersion: STUDIO_API_VERSION });
  const userId = useCurrentUser()?.id;
  const [problem, setProblem] = useState<string | null>(null);
  const path = matchPagePath(props.draft ?? props.published);
  return {
    label: "Open preview",
    icon: LaunchIcon,
    title: path
      ? "Opens the match page on the site in a new tab, in preview mode: this preview's draft as the site will show it"
      : "Choose the league and both clubs first",
    disabled: !path,
    onHandle: () => {
      if (!path) return;
      const createSecret = async () =>
        (await createPreviewSecret(client, PREVIEW_SECRET_SOURCE, window.location.href, userId)).secret;
      void openInPreview(path, () => window.open("about:blank", "_blank"), createSecret).then((failure) => {
        if (failure) setProblem(failure);
        else props.onComplete();
      });
    },
    dialog: problem
      ? { type: "dialog", header: "Open preview", content: problem, onClose: () => setProblem(null) }
      : null,
  };
};
OpenPreviewAction.displayName = "OpenPreviewAction";

/**
 * The actions a locked preview keeps enabled: those that change nothing in the dataset. Every
 * other action, whatever its name (or without one), is disabled once the fixture kicked off.
 */
export const READ_ONLY_ACTIONS: ReadonlySet<DocumentActionComponent> = new Set<DocumentActionComponent>([
  OpenPreviewAction,
]);

type Loaded = { state: "loading" } | { state: "done"; data: EditorFixtureData | null };

/** The site's numbers for the fixture of the document, refetched when its key changes. */
export function useFixtureData(document: unknown): Loaded {
  const key = fixtureKeyOf(document);
  const keyText = key ? `${key.league}/${key.season}/${key.homeTeam}/${key.awayTeam}` : "";
  const [loaded, setLoaded] = useState<{ key: string; data: EditorFixtureData | null } | null>(null);
  useEffect(() => {
    let current = true;
    if (!key) return;
    void fetchFixtureData(key)
      .catch(() => null)
      .then((data) => {
        if (current) setLoaded({ key: keyText, data });
      });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- The key's text names it whole.
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
        patch.execute([
          { set: { requiresReview: reasons.length > 0, reviewReasons: reasons.map((reason) => reason.message) } },
        ]);
        description.onHandle?.();
      },
    };
  };
  Publish.action = original.action;
  Publish.displayName = "PublishWithReviewFlag";
  return Publish;
}

/**
 * The match preview's actions: Sanity's and the plugins', then 'Open preview'; the flag on
 * publish, and every action but the read-only ones locked at kick-off.
 */
export function matchPreviewActions(
  actions: DocumentActionComponent[],
  context: { schemaType: string },
): DocumentActionComponent[] {
  if (context.schemaType !== DOCUMENT_TYPES.matchPreview) return actions;
  return [...actions, OpenPreviewAction].map((action) => {
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
  if (reasons.length > 0)
    return { label: "Needs review", color: "warning", title: reasons.map((reason) => reason.message).join("; ") };
  return null;
};
