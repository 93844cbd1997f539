import { useEffect, useState, type ComponentType } from "react";
import type { AnalyticsTag } from "../analytics";

/**
 * The analytics tag (built by the root loader) and its page views; nothing without
 * configuration. The page views' code (page-views.tsx) loads only where the tag is configured.
 */
export function Analytics({ tag }: { tag: AnalyticsTag | null }) {
  const [PageViews, setPageViews] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!tag) return;
    let active = true;
    import("./page-views").then(
      (module) => active && setPageViews(() => module.PageViews),
      (error: unknown) => console.warn("Could not load the page views", error),
    );
    return () => {
      active = false;
    };
  }, [tag]);
  if (!tag) return null;
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: tag.bootstrap }} />
      <script async src={tag.src} />
      {PageViews ? <PageViews /> : null}
    </>
  );
}
