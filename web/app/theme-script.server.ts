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

// Written short (single letters, no spaces to spare): it is sent inline with every page, before
// anything else. w: window, d: document, r: <html>, q: the system's dark query, c: the choice made
// here when storage refuses it, t: the toggle buttons' selector, a: apply the theme.
const SOURCE = `
(function(){
var w=window,d=document,r=d.documentElement,k="${THEME_STORAGE_KEY}",t="[data-theme-toggle]",c=null,
q=w.matchMedia?w.matchMedia("(prefers-color-scheme: dark)"):null;
function a(){
var v=c,i,b;
try{v=w.localStorage.getItem(k)||c}catch(e){}
v=v=="dark"||v=="light"?v:q&&q.matches?"dark":"light";
r.setAttribute("data-theme",v);
for(b=d.querySelectorAll(t),i=0;i<b.length;i++)b[i].setAttribute("aria-pressed",""+(v=="dark"))
}
a();
q&&q.addEventListener&&q.addEventListener("change",a);
w.addEventListener("storage",function(e){e.key==k&&a()});
d.addEventListener("DOMContentLoaded",a);
d.addEventListener("click",function(e){
var x=e.target;
if(!x||!x.closest||!x.closest(t))return;
c=r.getAttribute("data-theme")=="dark"?"light":"dark";
try{w.localStorage.setItem(k,c)}catch(e){}
a()
})
})();
`;

/** The script as sent: the source above without its indentation and line breaks. */
export const THEME_SCRIPT = SOURCE.trim()
  .split("\n")
  .map((line) => line.trim())
  .join("");
