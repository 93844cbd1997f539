/** The answer of an endpoint to a method it does not take. */
export function methodNotAllowed(allowed: string): Response {
  return Response.json(
    { error: `Use ${allowed}.` },
    { status: 405, headers: { Allow: allowed, "Cache-Control": "no-store" } },
  );
}
