/**
 * Server markup sent once. A page's server-rendered sections (ServerHtml) are in its HTML; on a
 * document request they are left out of the loader data that the same HTML carries for
 * hydration, where they would travel a second time, escaped. The browser takes them from the
 * DOM the server sent (components/ServerMarkup.tsx). A client-side navigation's data request
 * (`.data`) has no HTML around it, so there they stay in the data. See
 * docs/decisions/005-server-markup.md.
 *
 * The page server runs each render in a scope that says which of the two it is
 * (`inRequestScope`, exported by entry.server.tsx); outside any scope (tests calling a loader)
 * markup is plain data.
 */
import { createScopedStorage } from "@shared/async/scoped-storage";
import type { ServerHtml } from "./components/ServerMarkup";

// Off between renders: cached pages run none (shared/async/scoped-storage.ts).
const scope = createScopedStorage<{ document: boolean }>();

/** Runs `render` as the render of a document (true) or of a client-side navigation's data (false). */
export function inRequestScope<T>(document: boolean, render: () => T): T {
  return scope.run({ document }, render);
}

/**
 * Markup rendered on the server, for ServerMarkup. In a document's render its HTML is readable
 * by the page's components and by JSON.stringify (a resource route's JSON) but is not one of the
 * object's keys, so the loader data's serializer (turbo-stream: own enumerable keys) leaves it out.
 */
export function serverHtml(html: string): ServerHtml {
  if (!scope.getStore()?.document) return { html };
  const markup: ServerHtml = {};
  Object.defineProperties(markup, {
    html: { value: html, enumerable: false, writable: true, configurable: true },
    toJSON: { value: () => ({ html }), enumerable: false },
  });
  return markup;
}

/**
 * A JSON-LD block of a page's head (Remix's Meta writes it with JSON.stringify). In a document's
 * render JSON.stringify gives it whole, while the loader data carries only its `@context` and
 * `@type` (which keep the blocks apart): the browser keeps the server's script as it is.
 */
export function structuredDataOnce<T extends Record<string, unknown>>(block: T): T {
  if (!scope.getStore()?.document) return block;
  const stub: Record<string, unknown> = { "@context": block["@context"], "@type": block["@type"] };
  Object.defineProperty(stub, "toJSON", { value: () => block, enumerable: false });
  return stub as T;
}
