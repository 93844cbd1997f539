import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument, openApiHtml } from "../api/openapi.server";
import { ALLOWED_METHODS, endpointAction, errorResponse, jsonResponse } from "../api/respond.server";
import { PUBLIC_PAGE_CACHE } from "../cache-control";
import { methodNotAllowed } from "../method-not-allowed.server";

const FORMATS = ["json", "html"] as const;

/**
 * GET /api: the OpenAPI 3.1 description as JSON, or as a page for a browser (Accept: text/html).
 * ?format=json or ?format=html chooses explicitly.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed(ALLOWED_METHODS);
  const format = new URL(request.url).searchParams.get("format");
  if (format !== null && !(FORMATS as readonly string[]).includes(format))
    return errorResponse(400, "format must be json or html");
  const html = format === "html" || (format === null && (request.headers.get("Accept") ?? "").includes("text/html"));
  const document = openApiDocument(context.env.SITE_URL);
  return html
    ? jsonResponse(request, openApiHtml(document), PUBLIC_PAGE_CACHE, {
        contentType: "text/html; charset=utf-8",
        headers: { Vary: "Accept" },
      })
    : jsonResponse(request, document, PUBLIC_PAGE_CACHE, { headers: { Vary: "Accept" } });
}

export const action = endpointAction;
