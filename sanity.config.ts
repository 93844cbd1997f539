/**
 * The Sanity Studio of First Kick Picks: where editors write match previews, the Sunday parlay,
 * team profiles, site texts and the static pages, preview them on the site, then publish.
 */
import { visionTool } from "@sanity/vision";
import { defineConfig } from "sanity";
import { presentationTool } from "sanity/presentation";
import { structureTool } from "sanity/structure";
import { SITE_NAME } from "./shared/domain/site";
import { STUDIO_API_VERSION, studioDataset, studioProjectId } from "./studio/environment";
import { presentationOptions } from "./studio/presentation";
import { schemaTypes } from "./studio/schema";
import { singletonActions, singletonTemplates, withoutSingletons } from "./studio/singletons";
import { structure } from "./studio/structure";

export default defineConfig({
  name: "default",
  title: SITE_NAME,
  projectId: studioProjectId,
  dataset: studioDataset,
  plugins: [structureTool({ structure }), presentationTool(presentationOptions), visionTool({ defaultApiVersion: STUDIO_API_VERSION })],
  schema: { types: schemaTypes, templates: singletonTemplates },
  document: { actions: singletonActions, newDocumentOptions: withoutSingletons },
});
