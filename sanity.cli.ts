/** Configuration of the `sanity` command line (studio:dev, studio:build, dataset import). */
import { defineCliConfig } from "sanity/cli";
import { viteAliases } from "./path-aliases";

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID ?? process.env.SANITY_PROJECT_ID,
    dataset: process.env.SANITY_STUDIO_DATASET ?? process.env.SANITY_DATASET ?? "production",
  },
  server: { port: 3333 },
  // The Studio is built and served by this project, with the Sanity version it pins.
  deployment: { autoUpdates: false },
  // The Studio imports shared/ through the same aliases as the rest of the project.
  vite: { resolve: { alias: viteAliases } },
});
