/**
 * The light and dark themes. Pages are cached and shared by every visitor, so the server never
 * knows the reader's theme: this script, inline at the top of every page's <head>, sets
 * `data-theme` on <html> before the first paint (no flash of the other theme), from the reader's
 * choice in localStorage, else the system's `prefers-color-scheme`. It also runs the header's
 * toggle (any `[data-theme-toggle]` button: its `aria-pressed` says whether the dark theme is
 * on), follows a change of the system's preference while no choice is stored, and a choice made
 * in another tab. The CSP allows it by its SHA-256 hash, computed from the page as sent
 * (web/page-cache/csp.ts). It is server-only text: the browser bundle does not carry it.
 */

/** The localStorage key of the reader's choice: "dark" or "light". */
export const THEME_STORAGE_KEY = "fkp-theme";

const SOURCE = `
(function () {
  var root = document.documentElement;
  var key = "${THEME_STORAGE_KEY}";
  var query = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  var chosen = null;
  function choice() {
    var value = chosen;
    try { value = window.localStorage.getItem(key) || chosen; } catch (e) {}
    return value === "dark" || value === "light" ? value : null;
  }
  function apply() {
    var theme = choice() || (query && query.matches ? "dark" : "light");
    root.setAttribute("data-theme", theme);
    var buttons = document.querySelectorAll("[data-theme-toggle]");
    for (var i = 0; i < buttons.length; i++) buttons[i].setAttribute("aria-pressed", theme === "dark" ? "true" : "false");
  }
  apply();
  if (query && query.addEventListener) query.addEventListener("change", apply);
  window.addEventListener("storage", function (event) { if (event.key === key) apply(); });
  document.addEventListener("DOMContentLoaded", apply);
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest || !target.closest("[data-theme-toggle]")) return;
    chosen = root.getAttribute("data-theme") === "dark" ? "light" : "dark";
    try { window.localStorage.setItem(key, chosen); } catch (e) {}
    apply();
  });
})();
`;

/** The script as sent: the source above without its indentation and line breaks. */
export const THEME_SCRIPT = SOURCE.trim()
  .split("\n")
  .map((line) => line.trim())
  .join("");
