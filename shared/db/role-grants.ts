/**
 * The production roles' grants (docs/database-roles.md), read from that file so that the tests
 * with those roles and the one-machine deployment (`npm run cluster`) run exactly what it says,
 * and a connection URL for another role of the same server.
 */
import { readFileSync } from "node:fs";

const GRANTS_DOC = new URL("../../docs/database-roles.md", import.meta.url);

/** The documented grants for these role and database names, one statement each. */
export function documentedGrants(names: { owner: string; app: string; database: string }): string[] {
  const doc = readFileSync(GRANTS_DOC, "utf8");
  const block = /<!-- application-role-grants -->\s*```sql\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error("docs/database-roles.md has no application-role-grants block");
  return block
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .replaceAll("smartpicks_owner", names.owner)
    .replaceAll("smartpicks_app", names.app)
    .replace(/\bsmartpicks\b/g, `"${names.database}"`)
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== "");
}

/** `url` as `role`, with no password (a local server that trusts local connections). */
export function asRole(url: string, role: string): string {
  const withRole = new URL(url);
  withRole.username = role;
  withRole.password = "";
  return withRole.toString();
}
