import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { HOME } from "../../../../shared/domain/urls";
import { GO_BACK_HOME_TEXT, TEAM_NOT_FOUND_TEXT, TEAM_NOT_FOUND_TITLE } from "../../page-texts/team";
import { GeneralErrorBoundary } from "../GeneralErrorBoundary";

/** Spec 2 and 8: an unknown team shows 'Team Not Found' and a way home. */
export function TeamNotFound() {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{TEAM_NOT_FOUND_TITLE}</h1>
      <p>{TEAM_NOT_FOUND_TEXT}</p>
      <Link className="button" to={HOME}>
        {GO_BACK_HOME_TEXT}
      </Link>
    </section>
  );
}

/** The team routes' error view: their own 404 for a team nobody knows, the site's for anything else. */
export function TeamErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404 && error.data === TEAM_NOT_FOUND_TITLE) return <TeamNotFound />;
  return <GeneralErrorBoundary />;
}
