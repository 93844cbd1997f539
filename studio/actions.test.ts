/**
 * The match preview's document actions as the Studio composes them (matchPreviewActions), called
 * the way the Studio calls them: as hooks, inside a React render. Rendered on the server, so no
 * effect runs and the site is never asked: the lock comes from the document's kick-off against
 * the site's clock, as it does while the site's answer is loading. The Studio's client and user
 * stand in for the Studio around it; the preview secret is the only write 'Open preview' makes.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { DocumentActionComponent, DocumentActionDescription, DocumentActionProps } from "sanity";
import { createPreviewSecret } from "@sanity/preview-url-secret/create-secret";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sanityContentSource } from "@shared/content/sanity-source";
import { startSanityApiServer, type SanityApiServer } from "@shared/content/test-sanity-api";
import { enterPreview } from "~/features/content/preview-mode.server";
import { contentRouteContext, cookieFrom } from "~/test-context";
import {
  matchPagePath,
  matchPreviewActions,
  OpenPreviewAction,
  openInPreview,
  previewModeUrl,
  READ_ONLY_ACTIONS,
  type PreviewTab,
} from "./actions";
import { pointStudioAt } from "./site-api";
import { brightonPalaceDraft } from "./test-studio";

const studio = vi.hoisted(() => ({ client: { config: () => ({}) }, user: { id: "editor-1" } }));
vi.mock("sanity", async (importOriginal) => ({
  ...(await importOriginal<typeof import("sanity")>()),
  useClient: () => studio.client,
  useCurrentUser: () => studio.user,
}));
vi.mock("@sanity/preview-url-secret/create-secret", () => ({
  createPreviewSecret: vi.fn(async () => ({
    secret: "s3cret-stored-in-the-dataset",
    expiresAt: new Date(Date.now() + 3_600_000),
  })),
}));

const SITE = "http://localhost:3000";
pointStudioAt(`${SITE}/`);
const BRIGHTON_PALACE_PAGE = "/premier-league-predictions/brighton-and-hove-albion-vs-crystal-palace-prediction";

const LOCK_REASON =
  "Locked at kick-off: the pick on record is not written yet (the ledger locks it within a minute). A change now would not reach the site or the track record.";

const preview = brightonPalaceDraft;
const kickedOff = preview("2025-09-27T14:00:00Z");
const OPEN_PREVIEW_TITLE =
  "Opens the match page on the site in a new tab, in preview mode: this preview's draft as the site will show it";
const upcoming = preview("2099-08-20T14:00:00Z");

/** An action as Sanity or a plugin would add it: a name (or none) and a handler. */
function fakeAction(name: string | undefined, label: string, onHandle = () => undefined): DocumentActionComponent {
  const action = () => ({ label, onHandle });
  return Object.assign(action, { action: name as DocumentActionComponent["action"] });
}

/** What each action shows for the document, called as hooks in one render. */
function render(
  actions: DocumentActionComponent[],
  document: Record<string, unknown>,
  onComplete = () => undefined,
): (DocumentActionDescription | null)[] {
  const props = {
    id: String(document._id).replace(/^drafts\./, ""),
    type: "matchPreview",
    draft: document,
    published: null,
    onComplete,
  } as unknown as DocumentActionProps;
  const described: (DocumentActionDescription | null)[] = [];
  const Harness = () => {
    for (const action of actions) described.push(action(props));
    return null;
  };
  renderToStaticMarkup(createElement(Harness));
  return described;
}

describe("a match preview's actions once its fixture kicked off", () => {
  // 'schedule' is Sanity's own "Schedule publish"; the others stand for actions nobody listed.
  const names = [
    "schedule",
    "someFutureAction",
    undefined,
    "delete",
    "duplicate",
    "unpublish",
    "discardChanges",
    "restore",
  ];

  it("disables every action not known to be read-only, whatever its name, with the lock's reason", () => {
    const actions = matchPreviewActions(
      names.map((name) => fakeAction(name, `Action ${name ?? "without a name"}`)),
      { schemaType: "matchPreview" },
    );
    expect(
      render(actions, kickedOff).map((description) => [description?.label, description?.disabled, description?.title]),
    ).toEqual([
      ...names.map((name) => [`Action ${name ?? "without a name"}`, true, LOCK_REASON]),
      // The one read-only action stays enabled.
      ["Open preview", false, OPEN_PREVIEW_TITLE],
    ]);
  });

  it("does nothing when a locked action is handled anyway", () => {
    const handled = vi.fn();
    const [schedule] = matchPreviewActions([fakeAction("schedule", "Schedule publish", handled)], {
      schemaType: "matchPreview",
    });
    render([schedule], kickedOff)[0]?.onHandle?.();
    expect(handled).not.toHaveBeenCalled();
  });

  it("leaves every action as it was before kick-off", () => {
    const handled = vi.fn();
    const actions = matchPreviewActions(
      [fakeAction("schedule", "Schedule publish", handled), fakeAction("someFutureAction", "Later")],
      { schemaType: "matchPreview" },
    );
    const described = render(actions, upcoming);
    expect(described.map((description) => [description?.label, description?.disabled, description?.title])).toEqual([
      ["Schedule publish", undefined, undefined],
      ["Later", undefined, undefined],
      ["Open preview", false, OPEN_PREVIEW_TITLE],
    ]);
    described[0]?.onHandle?.();
    expect(handled).toHaveBeenCalledOnce();
  });

  it("leaves the actions of other document types alone", () => {
    const actions = [fakeAction("schedule", "Schedule publish"), fakeAction("delete", "Delete")];
    expect(matchPreviewActions(actions, { schemaType: "teamProfile" })).toBe(actions);
  });
});

describe("'Open preview'", () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
    vi.mocked(createPreviewSecret).mockClear();
  });

  it("comes last among a match preview's actions, as it is: read-only, so never locked", () => {
    const actions = matchPreviewActions(
      [fakeAction("publish", "Publish"), fakeAction("schedule", "Schedule publish")],
      { schemaType: "matchPreview" },
    );
    expect(actions).toHaveLength(3);
    expect(actions[2]).toBe(OpenPreviewAction);
    expect(READ_ONLY_ACTIONS.has(OpenPreviewAction)).toBe(true);
  });

  it("waits for the league and both clubs", () => {
    const [action] = render([OpenPreviewAction], { ...upcoming, awayTeam: undefined });
    expect(action).toMatchObject({
      label: "Open preview",
      disabled: true,
      title: "Choose the league and both clubs first",
    });
    expect(matchPagePath(upcoming)).toBe(BRIGHTON_PALACE_PAGE);
    expect(matchPagePath({ ...upcoming, league: "eredivisie" })).toBeNull();
  });

  it("opens a new tab on the site's preview route with a secret stored with the editor's credentials, showing the match page", async () => {
    const tab = { location: { href: "about:blank" }, opener: {} as unknown, close: vi.fn() };
    const open = vi.fn(() => tab);
    (globalThis as { window?: unknown }).window = {
      open,
      location: { href: "https://fkp.sanity.studio/structure/match-previews" },
    };
    const onComplete = vi.fn();
    const [action] = render([OpenPreviewAction], kickedOff, onComplete);
    action?.onHandle?.();
    await vi.waitFor(() => expect(onComplete).toHaveBeenCalledOnce());
    expect(open).toHaveBeenCalledWith("about:blank", "_blank");
    expect(createPreviewSecret).toHaveBeenCalledWith(
      studio.client,
      "studio/open-preview",
      "https://fkp.sanity.studio/structure/match-previews",
      "editor-1",
    );
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe(
      `${SITE}/api/preview-mode/enable?sanity-preview-secret=s3cret-stored-in-the-dataset&sanity-preview-pathname=${encodeURIComponent(BRIGHTON_PALACE_PAGE)}`,
    );
  });

  it("says why when the browser blocks the tab or the secret cannot be stored, and closes the tab it opened", async () => {
    expect(
      await openInPreview(
        BRIGHTON_PALACE_PAGE,
        () => null,
        async () => "unused",
      ),
    ).toBe("The browser blocked the new tab. Allow pop-ups for this Studio and try again.");
    const close = vi.fn();
    const tab: PreviewTab = { location: { href: "about:blank" }, opener: null, close };
    const refused = async (): Promise<string> => {
      throw new Error("Insufficient permissions");
    };
    expect(await openInPreview(BRIGHTON_PALACE_PAGE, () => tab, refused)).toBe(
      "The preview could not be opened: Insufficient permissions",
    );
    expect(close).toHaveBeenCalledOnce();
    expect(tab.location.href).toBe("about:blank");
  });

  describe("the URL it opens, on the site", () => {
    let sanity: SanityApiServer;
    const secret = "s3cret-stored-in-the-dataset";

    beforeAll(async () => {
      // The document createPreviewSecret stores, read by the site with its read token.
      sanity = await startSanityApiServer({
        apiVersion: "2025-02-19",
        dataset: "production",
        documents: [
          {
            _id: "drafts.4a1c3f0e-open-preview",
            _type: "sanity.previewUrlSecret",
            _updatedAt: new Date().toISOString(),
            secret,
            source: "studio/open-preview",
            studioUrl: "https://fkp.sanity.studio/structure/match-previews",
          },
        ],
        readToken: "read-token",
        writeToken: "write-token",
      });
    });
    afterAll(() => sanity.close());

    it("enters preview mode and lands on the match page", async () => {
      const context = contentRouteContext(
        { SANITY_PROJECT_ID: "fkp123", SESSION_SECRET: "session-secret-for-tests", SANITY_READ_TOKEN: "read-token" },
        sanityContentSource({
          projectId: "fkp123",
          dataset: "production",
          apiVersion: "2025-02-19",
          readToken: "read-token",
          connection: { apiHost: sanity.apiHost, useProjectHostname: false },
        }),
      );
      const response = await enterPreview(new Request(previewModeUrl(BRIGHTON_PALACE_PAGE, secret)), context);
      expect(response.status).toBe(307);
      expect(response.headers.get("Location")).toBe(BRIGHTON_PALACE_PAGE);
      expect(cookieFrom(response)).toMatch(/^fkp_preview=./);
      // Another secret is refused.
      expect((await enterPreview(new Request(previewModeUrl(BRIGHTON_PALACE_PAGE, "guessed")), context)).status).toBe(
        401,
      );
    });
  });
});
