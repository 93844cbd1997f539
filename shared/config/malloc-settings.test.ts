import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD, withMallocSettings } from "./malloc-settings";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const scripts = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;

describe("the malloc settings the site's processes start with", () => {
  it("are set by npm start and npm run worker, unless the operator set them", () => {
    const setting =
      `MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${MALLOC_ARENA_MAX}} ` +
      `MALLOC_MMAP_THRESHOLD_=\${MALLOC_MMAP_THRESHOLD_:-${MALLOC_MMAP_THRESHOLD}} node `;
    expect(scripts.start).toContain(`&& ${setting}build/server/start.js`);
    expect(scripts.worker.startsWith(setting)).toBe(true);
  });

  it("are added to a process's environment unless it has its own", () => {
    expect(withMallocSettings({ PORT: "3000" })).toEqual({
      PORT: "3000",
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
    });
    expect(withMallocSettings({ MALLOC_ARENA_MAX: "4", MALLOC_MMAP_THRESHOLD_: "65536" })).toEqual({
      MALLOC_ARENA_MAX: "4",
      MALLOC_MMAP_THRESHOLD_: "65536",
    });
  });
});
