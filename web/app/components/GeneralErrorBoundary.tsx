import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { HOME } from "@shared/domain/site";
import { notFoundViewOf, type NotFoundView } from "../not-found";
import { GO_BACK_HOME_TEXT } from "../page-texts/shared";
import { errorTitle, OUTAGE_TEXT } from "../route-meta";

/**
 * The one error view every route reuses: by status, the not-found page of what was asked for
 * (the site's, or one of the route's own `notFound` views: not-found.ts), the outage page, a
 * client error's own sentence, or a plain apology.
 */
export function GeneralErrorBoundary({ notFound: views = [] }: { notFound?: readonly NotFoundView[] }) {
  const error = useRouteError();
  const notFound = notFoundViewOf(error, views);
  let text: string;
  if (notFound) {
    text = notFound.text;
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
      <h1 id="error-title">{errorTitle(error, views)}</h1>
      <p>{text}</p>
      <Link className="button" to={HOME}>
        {GO_BACK_HOME_TEXT}
      </Link>
    </section>
  );
}
