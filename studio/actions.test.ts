/**
 * The match preview's document actions as the Studio composes them (matchPreviewActions), called
 * the way the Studio calls them: as hooks, inside a React render. Rendered on the server, so no
 * effect runs and the site is never asked: the lock comes from the document's kick-off against
 * the site's clock, as it does while the site's answer is loading.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { DocumentActionComponent, DocumentActionDescription, DocumentActionProps } from "sanity";
import { describe, expect, it, vi } from "vitest";
import { matchPreviewActions } from "./actions";

const LOCK_REASON =
  "Locked at kick-off: the pick on record is not written yet (the ledger locks it within a minute). A change now would not reach the site or the track record.";

const preview = (kickoff: string) => ({
  _id: "drafts.matchPreview-2526-premier-league-brighton-vs-crystal-palace",
  _type: "matchPreview",
  league: "premier-league",
  season: "2526",
  homeTeam: "brighton",
  awayTeam: "crystal-palace",
  kickoff,
});
const kickedOff = preview("2025-09-27T14:00:00Z");
const upcoming = preview("2099-08-20T14:00:00Z");

/** An action as Sanity or a plugin would add it: a name (or none) and a handler. */
function fakeAction(name: string | undefined, label: string, onHandle = () => undefined): DocumentActionComponent {
  const action = () => ({ label, onHandle });
  return Object.assign(action, { action: name as DocumentActionComponent["action"] });
}

/** What each action shows for the document, called as hooks in one render. */
function render(actions: DocumentActionComponent[], document: Record<string, unknown>): (DocumentActionDescription | null)[] {
  const props = { id: String(document._id).replace(/^drafts\./, ""), type: "matchPreview", draft: document, published: null } as unknown as DocumentActionProps;
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
  const names = ["schedule", "someFutureAction", undefined, "delete", "duplicate", "unpublish", "discardChanges", "restore"];

  it("disables every action not known to be read-only, whatever its name, with the lock's reason", () => {
    const actions = matchPreviewActions(
      names.map((name) => fakeAction(name, `Action ${name ?? "without a name"}`)),
      { schemaType: "matchPreview" },
    );
    expect(render(actions, kickedOff).map((description) => [description?.label, description?.disabled, description?.title])).toEqual(
      names.map((name) => [`Action ${name ?? "without a name"}`, true, LOCK_REASON]),
    );
  });

  it("does nothing when a locked action is handled anyway", () => {
    const handled = vi.fn();
    const [schedule] = matchPreviewActions([fakeAction("schedule", "Schedule publish", handled)], { schemaType: "matchPreview" });
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
    ]);
    described[0]?.onHandle?.();
    expect(handled).toHaveBeenCalledOnce();
  });

  it("leaves the actions of other document types alone", () => {
    const actions = [fakeAction("schedule", "Schedule publish"), fakeAction("delete", "Delete")];
    expect(matchPreviewActions(actions, { schemaType: "teamProfile" })).toBe(actions);
  });
});
