/**
 * A process keeps running when a query its PostgreSQL client ended itself rejects unhandled
 * (surviveAbandonedQueries), and still ends on any other unhandled rejection: each case in a
 * Node process of its own.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isAbandonedQueryError } from "./connection-postgres";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function runWith(code: string): { status: number | null; output: string } {
  const script = `
    import { surviveAbandonedQueries } from "./shared/db/connection-postgres.ts";
    surviveAbandonedQueries((message) => console.log("warned: " + message));
    const error = new Error(${JSON.stringify("write " + code + " 127.0.0.1:5432")});
    error.code = ${JSON.stringify(code)};
    void Promise.reject(error);
    setTimeout(() => console.log("still running"), 100);
  `;
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: child.status, output: `${child.stdout}${child.stderr}` };
}

describe("queries the PostgreSQL client ended itself", () => {
  it("knows them by their code", () => {
    const destroyed = Object.assign(new Error("write CONNECTION_DESTROYED"), { code: "CONNECTION_DESTROYED" });
    expect(isAbandonedQueryError(destroyed)).toBe(true);
    expect(isAbandonedQueryError(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe(false);
    expect(isAbandonedQueryError("CONNECTION_DESTROYED")).toBe(false);
  });

  it("keeps the process running, with a warning, when one rejects unhandled", () => {
    const { status, output } = runWith("CONNECTION_DESTROYED");
    expect(output).toContain("warned: a query of a database connection closed after a stall ended unanswered");
    expect(output).toContain("still running");
    expect(status).toBe(0);
  });

  it("still ends the process on any other unhandled rejection", () => {
    const { status, output } = runWith("SOMETHING_ELSE");
    expect(output).not.toContain("still running");
    expect(status).not.toBe(0);
  });
});
