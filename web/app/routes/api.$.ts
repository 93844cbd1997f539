import { endpointNotFound } from "../features/internal/access.server";

/**
 * Any other path under /api: a JSON 404, the same answer a closed internal endpoint gives, so
 * nothing tells the two apart. The endpoints are listed at /api.
 */
export const loader = () => endpointNotFound();

export const action = () => endpointNotFound();
