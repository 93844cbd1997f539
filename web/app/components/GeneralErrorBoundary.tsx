import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { NOT_FOUND_TITLE } from "../../../shared/domain/site";

/** The one error view every route reuses: the spec's not-found page, or a plain apology. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="error-page" aria-labelledby="error-title">
        <h1 id="error-title">{NOT_FOUND_TITLE}</h1>
        <p>We couldn't find that page. It may have moved, or the link may be mistyped.</p>
        <Link className="button" to="/">
          Go Back Home
        </Link>
      </section>
    );
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    return (
      <section className="error-page" aria-labelledby="error-title">
        <h1 id="error-title">{error.status === 400 ? "Bad Request" : `Error ${error.status}`}</h1>
        <p>{typeof error.data === "string" && error.data ? error.data : error.statusText}</p>
        <Link className="button" to="/">
          Go Back Home
        </Link>
      </section>
    );
  }
  console.error(error);
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p>This page could not be shown right now. Please try again in a moment.</p>
      <Link className="button" to="/">
        Go Back Home
      </Link>
    </section>
  );
}
