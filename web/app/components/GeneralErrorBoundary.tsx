import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { errorTitle, OUTAGE_TEXT } from "../route-meta";

/** The one error view every route reuses: the spec's not-found page, or a plain apology. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  let text: string;
  if (isRouteErrorResponse(error) && error.status === 404) {
    text = "We couldn't find that page. It may have moved, or the link may be mistyped.";
  } else if (isRouteErrorResponse(error) && error.status === 503) {
    text = OUTAGE_TEXT;
  } else if (isRouteErrorResponse(error) && error.status < 500) {
    text = typeof error.data === "string" && error.data ? error.data : error.statusText;
  } else {
    console.error(error);
    text = "This page could not be shown right now. Please try again in a moment.";
  }
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{errorTitle(error)}</h1>
      <p>{text}</p>
      <Link className="button" to="/">
        Go Back Home
      </Link>
    </section>
  );
}
