import type { ActionFunctionArgs } from "@remix-run/node";
import { handleMatchUpdate } from "../features/content/content-automation.server";
import { methodNotAllowed } from "../method-not-allowed.server";

export const action = ({ request, context }: ActionFunctionArgs) =>
  request.method === "POST" ? handleMatchUpdate(request, context) : methodNotAllowed("POST");

export const loader = () => methodNotAllowed("POST");
