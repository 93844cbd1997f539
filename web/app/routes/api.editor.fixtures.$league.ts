import { ENDPOINTS } from "../api/resources/editor.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import { listEditorFixtures } from "../features/editor-desk/editor-desk.server";

/** GET /api/editor/fixtures/{league}: the Studio's fixture list of a league. */
export const loader = endpointLoader(ENDPOINTS.editorFixtures, async ({ params, context }) => {
  const list = await listEditorFixtures(context, params.league);
  return ok(list, { live: list.fixtures.some((fixture) => fixture.state === "live") });
});

export const action = endpointAction;
