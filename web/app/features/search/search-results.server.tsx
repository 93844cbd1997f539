/** The /search page's results, rendered to HTML on the server (decision 005). */
import { PageLink } from "~/components/PageLink";
import type { ServerHtml } from "~/components/ServerMarkup";
import { renderServerHtml } from "~/server-markup.server";
import type { SearchKind, SearchResult } from "./search-index";

export const SEARCH_KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  team: "Club",
  match: "Match",
  player: "Player",
};

export function noResultsText(query: string): string {
  return `Nothing found for “${query}”. Try a club's name or two clubs: “arsenal chelsea”.`;
}

function SearchResultsList({ query, results }: { query: string; results: readonly SearchResult[] }) {
  if (results.length === 0) return <p className="empty-text">{noResultsText(query)}</p>;
  return (
    <ol className="search-results">
      {results.map((result) => (
        <li key={result.href} className="search-result">
          <PageLink to={result.href} className="search-result__link">
            {result.label}
          </PageLink>
          <span className="search-result__detail">
            <span className="search-result__kind">{SEARCH_KIND_LABELS[result.kind]}</span> · {result.detail}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function renderSearchResults(query: string, results: readonly SearchResult[]): ServerHtml {
  return renderServerHtml(<SearchResultsList query={query} results={results} />);
}
