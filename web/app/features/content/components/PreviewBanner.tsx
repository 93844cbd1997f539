import { useLocation } from "@remix-run/react";
import { PREVIEW_MODE_DISABLE_PATH } from "@shared/content/preview-mode";

/** Shown on every page in draft preview, so an editor never mistakes drafts for the live site. */
export function PreviewBanner() {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <div className="preview-banner" role="status">
      <strong>Preview</strong>
      <span>You are seeing unpublished drafts. Visitors see the published site.</span>
      {/* A plain form, posted by the browser: leaving preview is a resource route that resets the
          cookie, and a POST, so that no other site can end the session with a link. */}
      <form method="post" action={`${PREVIEW_MODE_DISABLE_PATH}?redirect=${encodeURIComponent(back)}`}>
        <button type="submit">Exit preview</button>
      </form>
    </div>
  );
}
