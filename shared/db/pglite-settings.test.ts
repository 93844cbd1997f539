import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "./index";

describe("the embedded database's settings", () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await openDb({ inMemory: true });
  });
  afterAll(() => db?.close());

  it("keeps a 16 MB buffer pool, and PGlite's own start settings", async () => {
    const [buffers] = await db.execute<{ shared_buffers: string }>("show shared_buffers");
    expect(buffers.shared_buffers).toBe("16MB");
    const [path] = await db.execute<{ search_path: string }>("show search_path");
    expect(path.search_path).toBe("public");
    const [parallel] = await db.execute<{ max_parallel_workers: string }>("show max_parallel_workers");
    expect(parallel.max_parallel_workers).toBe("0");
  });
});
