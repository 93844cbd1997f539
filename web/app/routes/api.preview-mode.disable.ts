import type { LoaderFunctionArgs } from "@remix-run/node";
import { exitPreview } from "../features/content/preview-mode.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => exitPreview(request, context);
