/** @type {import('@remix-run/dev').AppConfig} */
export default {
  appDirectory: "web/app",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [],
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  watchPaths: ["shared/**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
