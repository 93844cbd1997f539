import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { exitPreview } from "../features/content/preview-mode.server";

/** A GET is refused (405): leaving preview is the banner's form, a POST from this site. */
export const loader = ({ request, context }: LoaderFunctionArgs) => exitPreview(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => exitPreview(request, context);
