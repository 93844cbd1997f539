import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS } from "../api/resources/editor.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { editorFixtureData } from "../features/editor-desk/editor-desk.server";

/** GET /api/editor/fixture/{league}/{season}/{homeTeam}/{awayTeam}: the numbers beside a preview in the Studio. */
export const loader = endpointLoader(ENDPOINTS.editorFixture, async ({ params, context }) => {
  const data = await editorFixtureData(context, params);
  if (!data) return notFound(API_ERRORS.matchNotFound);
  return ok(data, { live: data.fixture.state === "live" });
});

export const action = endpointAction;
