/**
 * Whether this process runs the server bundle (`build/server/`, web/site-build/server-bundle.ts)
 * rather than the TypeScript sources under tsx. The bundle's first line records its own URL on
 * globalThis; code that starts a thread from a source file asks here where the thread's bundle is.
 */
export const SERVER_BUNDLE_GLOBAL = "__smartPicksServerBundle";

/** The running server bundle's file URL, or undefined when the process runs the sources. */
export function serverBundleUrl(): string | undefined {
  return (globalThis as Record<string, unknown>)[SERVER_BUNDLE_GLOBAL] as string | undefined;
}
