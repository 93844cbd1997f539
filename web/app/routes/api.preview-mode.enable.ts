import type { LoaderFunctionArgs } from "@remix-run/node";
import { enterPreview } from "../features/content/preview-mode.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => enterPreview(request, context);
