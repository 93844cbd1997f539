/**
 * The Sanity Studio of First Kick Picks: where editors write match previews, the Sunday parlay,
 * team profiles, site texts and the static pages, preview them on the site, then publish.
 */
import { visionTool } from "@sanity/vision";
import { defineConfig } from "sanity";
import { presentationTool } from "sanity/presentation";
import { structureTool } from "sanity/structure";
import { SITE_NAME } from "./shared/domain/site";
import { STUDIO_API_VERSION, studioApiHost, studioDataset, studioProjectId } from "./studio/environment";
import { presentationOptions } from "./studio/presentation";
import { schemaTypes } from "./studio/schema";
import { singletonActions, singletonTemplates, withoutSingletons } from "./studio/singletons";
import { defaultDocumentNode, structure } from "./studio/structure";
import { LockedBadge, matchPreviewActions } from "./studio/actions";
import { fixtureTemplate } from "./studio/desk";
import { DOCUMENT_TYPES } from "./shared/content/ids";

export default defineConfig({
  name: "default",
  title: SITE_NAME,
  projectId: studioProjectId,
  dataset: studioDataset,
  ...(studioApiHost ? { apiHost: studioApiHost } : {}),
  plugins: [
    structureTool({ structure, defaultDocumentNode }),
    presentationTool(presentationOptions),
    visionTool({ defaultApiVersion: STUDIO_API_VERSION }),
  ],
  schema: { types: schemaTypes, templates: (templates) => [...singletonTemplates(templates), fixtureTemplate] },
  document: {
    actions: (actions, context) => matchPreviewActions(singletonActions(actions, context), context),
    badges: (badges, context) =>
      context.schemaType === DOCUMENT_TYPES.matchPreview ? [...badges, LockedBadge] : badges,
    newDocumentOptions: (templates, context) =>
      withoutSingletons(templates, context).filter((item) => item.templateId !== fixtureTemplate.id),
  },
});
