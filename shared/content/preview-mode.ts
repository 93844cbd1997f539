/**
 * The site's routes that open and close draft preview. The Studio's Presentation tool calls the
 * first with `sanity-preview-secret` and `sanity-preview-pathname`; the preview banner links
 * to the second with `redirect`, the page to return to.
 */
export const PREVIEW_MODE_ENABLE_PATH = "/api/preview-mode/enable";
export const PREVIEW_MODE_DISABLE_PATH = "/api/preview-mode/disable";
