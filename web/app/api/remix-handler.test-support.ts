/**
 * Remix's own request handler over the real route table (remix.config.js's flat routes) and the
 * real modules of the root and every /api route, for tests that send Requests the way the
 * Express server does: route matching, parameters, methods and HEAD all happen as in production.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AppConfig } from "@remix-run/dev";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { AppContext } from "../load-context";

const root = fileURLToPath(new URL("../../../", import.meta.url));

type RemixConfig = Required<
  Pick<AppConfig, "appDirectory" | "ignoredRouteFiles" | "publicPath" | "assetsBuildDirectory" | "future">
>;

/** The project's remix.config.js (plain JavaScript, so imported by path). */
async function remixConfig(): Promise<RemixConfig> {
  const file = path.join(root, "remix.config.js");
  return ((await import(/* @vite-ignore */ file)) as { default: RemixConfig }).default;
}

/** The route files under /api, as Remix reads the routes folder, and where that folder is. */
export async function apiRouteManifest() {
  const config = await remixConfig();
  const appDirectory = path.join(root, config.appDirectory);
  const routes = flatRoutes(appDirectory, config.ignoredRouteFiles);
  return {
    config,
    appDirectory,
    routes: Object.values(routes).filter((route) => route.id.startsWith("routes/api.")),
  };
}

export async function apiRequestHandler(): Promise<(request: Request, context: AppContext) => Promise<Response>> {
  const { config: remixConfig, appDirectory, routes: apiRoutes } = await apiRouteManifest();
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: await import("../root") },
  };
  for (const route of apiRoutes) {
    routes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: await import(/* @vite-ignore */ path.join(appDirectory, route.file)),
    };
  }
  const build = {
    mode: "production",
    entry: { module: await import("../entry.server") },
    routes,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: remixConfig.publicPath,
    assetsBuildDirectory: remixConfig.assetsBuildDirectory,
    future: remixConfig.future,
    isSpaMode: false,
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return (request, context) => handle(request, context);
}
