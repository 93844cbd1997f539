import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageCacheControl, publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { ServerMarkup } from "../components/ServerMarkup";
import { SEARCH_QUERY_MAX_LENGTH } from "../features/search/search-index";
import { renderSearchResults } from "../features/search/search-results.server";
import { SEARCH_PAGE_LIMIT, searchSite } from "../features/search/search.server";
import { SITE_NAME } from "@shared/domain/site";

/** /search?q=: the header's search without JavaScript, and the full list of results. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("q") ?? "";
  const query = asked.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const results = query === "" ? null : renderSearchResults(query, await searchSite(context, query, SEARCH_PAGE_LIMIT));
  return data(
    { query, cut: asked.trim().length > SEARCH_QUERY_MAX_LENGTH, results },
    { headers: { "Cache-Control": pageCacheControl(false) } },
  );
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.query ? `Search: ${data.query} | ${SITE_NAME}` : `Search | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function SearchPage() {
  const { query, cut, results } = useLoaderData<typeof loader>();
  return (
    <div className="page search-page">
      <header className="page-header">
        <h1>Search</h1>
        <p className="page-header__intro">
          Clubs by any of their names, this week&apos;s matches by their two clubs, players by name.
        </p>
      </header>
      {/* No action: the form asks this page again with the new q. */}
      <form method="get" role="search" className="search-page__form">
        <label htmlFor="search-page-q" className="visually-hidden">
          Search clubs, matches and players
        </label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          autoComplete="off"
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {cut ? <p className="muted">Only the first {SEARCH_QUERY_MAX_LENGTH} characters were searched.</p> : null}
      {results ? <ServerMarkup as="section" markup={results} aria-label="Results" className="page-section" /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
