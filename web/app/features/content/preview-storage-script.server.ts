/**
 * Draft preview inside the Studio's Presentation tool is a page framed by another site, and a
 * browser that blocks third-party storage (an incognito window, strict privacy settings) denies
 * it `sessionStorage`. Remix reads it on client navigations and revalidations (route discovery,
 * scroll restoration), so every refresh the Studio asks for would fail with "Something went
 * wrong". This script, inline in the head of preview pages only, gives such a page a
 * sessionStorage kept in memory for the life of the page. Public pages never carry it. Server-only
 * text: the browser bundle does not carry it either; the CSP allows it by its hash.
 */
const SOURCE = `
(function () {
  try {
    window.sessionStorage.getItem("fkp-probe");
    return;
  } catch (denied) {}
  var items = {};
  var storage = {
    getItem: function (key) { return Object.prototype.hasOwnProperty.call(items, key) ? items[key] : null; },
    setItem: function (key, value) { items[key] = String(value); },
    removeItem: function (key) { delete items[key]; },
    clear: function () { items = {}; },
    key: function (index) { return Object.keys(items)[index] || null; },
    get length() { return Object.keys(items).length; }
  };
  try {
    Object.defineProperty(window, "sessionStorage", { value: storage, configurable: true });
  } catch (failed) {}
})();`;

export const PREVIEW_STORAGE_SCRIPT = SOURCE.replace(/\n\s*/g, "");
