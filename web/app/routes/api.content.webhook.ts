import type { ActionFunctionArgs } from "@remix-run/node";
import { handleContentWebhook } from "../features/content/content-webhook.server";
import { methodNotAllowed } from "../method-not-allowed.server";

export const action = ({ request, context }: ActionFunctionArgs) =>
  request.method === "POST" ? handleContentWebhook(request, context) : methodNotAllowed("POST");

export const loader = () => methodNotAllowed("POST");
