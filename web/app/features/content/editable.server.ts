/**
 * Click-to-edit marks for the Studio's Presentation tool. In draft preview, the editorial texts a
 * page shows carry a `data-sanity` attribute naming their document and field (Sanity's own
 * encoding, `createDataAttribute`); the visual-editing bridge (components/VisualEditingBridge)
 * draws an overlay on each, and a click opens that field in the Studio.
 *
 * Marks, not stega: the page's values stay plain strings everywhere (comparisons, the resolution
 * order, the ledger, the cache), and public pages carry nothing
 * (docs/decisions/010-visual-editing.md).
 */
import { createDataAttribute } from "@sanity/visual-editing/create-data-attribute";
import type { Env } from "@shared/config/env";

/** The `data-sanity` value of a field of the page's document, or undefined (not in preview). */
export type EditMark = (path: string) => string | undefined;

export const NO_EDIT_MARKS: EditMark = () => undefined;

/**
 * The marks of one document, in preview only. `path` is a Sanity path: `matchSummary`,
 * `keyInsights[2]`, `sections[_key=="terms-1"].body`.
 */
export function editMarks(
  env: Pick<Env, "SANITY_STUDIO_URL">,
  preview: boolean,
  document: { id: string; type: string } | null | undefined,
): EditMark {
  if (!preview || !document) return NO_EDIT_MARKS;
  const mark = createDataAttribute({ id: document.id, type: document.type, baseUrl: env.SANITY_STUDIO_URL ?? "/" });
  return (path) => mark(path);
}
