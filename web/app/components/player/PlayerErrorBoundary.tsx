import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { HOME } from "../../../../shared/domain/urls";
import { GeneralErrorBoundary } from "../GeneralErrorBoundary";
import { PLAYER_NOT_FOUND_TEXT, PLAYER_NOT_FOUND_TITLE } from "../../page-texts/player";

/** Spec 2: "Failure or empty: 'Player Not Found' with 'The requested player could not be found.'" */
export function PlayerErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404 && error.data === PLAYER_NOT_FOUND_TITLE) {
    return (
      <section className="error-page" aria-labelledby="error-title">
        <h1 id="error-title">{PLAYER_NOT_FOUND_TITLE}</h1>
        <p>{PLAYER_NOT_FOUND_TEXT}</p>
        <Link className="button" to={HOME}>
          Go Back Home
        </Link>
      </section>
    );
  }
  return <GeneralErrorBoundary />;
}
