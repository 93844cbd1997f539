import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MALLOC_ARENA_MAX, withMallocArenas } from "./malloc-arenas";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const scripts = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;

describe("the malloc arenas the site's processes start with", () => {
  it("are set by npm start and npm run worker, unless the operator set them", () => {
    const setting = `MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${MALLOC_ARENA_MAX}} node `;
    expect(scripts.start).toContain(`&& ${setting}build/server/start.js`);
    expect(scripts.worker).toMatch(new RegExp(`^${setting.replace(/[$]/g, "\\$").replace(/[{}]/g, "\\$&")}`));
  });

  it("are added to a process's environment unless it has its own", () => {
    expect(withMallocArenas({ PORT: "3000" })).toEqual({ PORT: "3000", MALLOC_ARENA_MAX: "2" });
    expect(withMallocArenas({ MALLOC_ARENA_MAX: "4" })).toEqual({ MALLOC_ARENA_MAX: "4" });
  });
});
