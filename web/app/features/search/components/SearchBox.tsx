/**
 * The header's search: a plain GET form to /search that works without JavaScript. The
 * suggestions (SearchSuggestions) load on the first focus, so no page pays for them up front.
 */
import { useId, useRef, useState, type ComponentType } from "react";
import { SEARCH, SEARCH_API } from "../search-path";
import type { SearchSuggestionsProps } from "./SearchSuggestions";

export function SearchBox({ variant }: { variant: "header" | "menu" }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [Suggestions, setSuggestions] = useState<ComponentType<SearchSuggestionsProps> | null>(null);
  const load = () => {
    if (!Suggestions)
      void import("./SearchSuggestions").then((module) => setSuggestions(() => module.SearchSuggestions));
  };
  return (
    <form method="get" action={SEARCH} role="search" className={`site-search site-search--${variant}`}>
      <label htmlFor={id} className="visually-hidden">
        Search clubs, matches and players
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        name="q"
        placeholder="Search"
        maxLength={100}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        aria-controls={`${id}-list`}
        onFocus={load}
      />
      <button
        type="submit"
        className="site-search__submit"
        // An empty box has nothing to search yet: the button opens it instead.
        onClick={(event) => {
          if (!input.current?.value) {
            event.preventDefault();
            input.current?.focus();
          }
        }}
      >
        <span className="visually-hidden">Search</span>
      </button>
      {Suggestions ? <Suggestions input={input} listId={`${id}-list`} api={SEARCH_API} /> : null}
    </form>
  );
}
