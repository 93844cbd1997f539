/**
 * Suggestions as the reader types in a SearchBox, loaded on its first focus: an ARIA 1.2
 * combobox (the input) with a listbox. Typing asks /api/search after a 150 ms pause; the arrow
 * keys move through the options, Enter opens the active one, Escape closes the list. The input
 * belongs to SearchBox: its ARIA state is set here, on the element, since React never rewrites
 * attributes whose props do not change.
 */
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import type { SearchResult } from "../search-index";

export interface SearchSuggestionsProps {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  /** The suggestions' endpoint (/api/search). */
  api: string;
}

const DEBOUNCE_MS = 150;
const KIND_LABELS = { team: "Club", match: "Match", player: "Player" } as const;

export function SearchSuggestions({ input, listId, api }: SearchSuggestionsProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [results, setResults] = useState<SearchResult[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const state = useRef({ results, open, active });
  state.current = { results, open, active };
  const shown = open && results.length > 0;

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const suggest = () => {
      const query = field.value.trim();
      request?.abort();
      if (query === "") {
        setResults([]);
        return;
      }
      const controller = (request = new AbortController());
      fetch(`${api}?q=${encodeURIComponent(query.slice(0, 100))}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ results: SearchResult[] }>) : { results: [] }))
        .then((body) => {
          setResults(body.results);
          setActive(-1);
          setOpen(document.activeElement === field);
        })
        .catch(() => undefined);
    };
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(suggest, DEBOUNCE_MS);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { results: options, open: isOpen, active: current } = state.current;
      if ((event.key === "ArrowDown" || event.key === "ArrowUp") && options.length > 0) {
        event.preventDefault();
        setOpen(true);
        const down = event.key === "ArrowDown";
        setActive(
          !isOpen || current < 0
            ? down
              ? 0
              : options.length - 1
            : (current + (down ? 1 : options.length - 1)) % options.length,
        );
      } else if (event.key === "Enter" && isOpen && current >= 0 && options[current]) {
        event.preventDefault();
        setOpen(false);
        navigate(options[current].href);
      } else if (event.key === "Escape" && isOpen) {
        // Closes the list only; a second Escape reaches the phone menu and closes it.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    };
    const onFocus = () => setOpen(true);
    const onBlur = () => setOpen(false);
    field.addEventListener("input", onInput);
    field.addEventListener("keydown", onKeyDown);
    field.addEventListener("focus", onFocus);
    field.addEventListener("blur", onBlur);
    // Typed before this module arrived.
    if (field.value.trim() !== "") suggest();
    return () => {
      clearTimeout(timer);
      request?.abort();
      field.removeEventListener("input", onInput);
      field.removeEventListener("keydown", onKeyDown);
      field.removeEventListener("focus", onFocus);
      field.removeEventListener("blur", onBlur);
    };
  }, [input, navigate, api]);

  // A new page closes the list and empties the box.
  useEffect(() => {
    setOpen(false);
    setResults([]);
    if (input.current && document.activeElement !== input.current) input.current.value = "";
  }, [pathname, search, input]);

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute("aria-expanded", String(shown));
    if (shown && active >= 0) field.setAttribute("aria-activedescendant", `${listId}-${active}`);
    else field.removeAttribute("aria-activedescendant");
  }, [input, listId, shown, active]);

  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Suggestions"
      className="site-search__list"
      hidden={!shown}
      // Choosing with the pointer keeps the focus in the box until the link is followed.
      onMouseDown={(event) => event.preventDefault()}
    >
      {results.map((result, index) => (
        <li
          key={result.href}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === active}
          className="site-search__option"
        >
          <Link to={result.href} tabIndex={-1} onClick={() => setOpen(false)}>
            <span className="site-search__label">{result.label}</span>
            <span className="site-search__detail">
              {KIND_LABELS[result.kind]} · {result.detail}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
