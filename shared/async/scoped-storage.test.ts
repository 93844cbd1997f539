import { describe, expect, it } from "vitest";
import { createScopedStorage } from "./scoped-storage";

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe("createScopedStorage", () => {
  it("gives a synchronous unit of work its store and is empty again once it returns", () => {
    const storage = createScopedStorage<{ name: string }>();
    const seen = storage.run({ name: "a" }, () => [storage.getStore()?.name, storage.unitsInside()]);
    expect(seen).toEqual(["a", 1]);
    expect(storage.unitsInside()).toBe(0);
    expect(storage.getStore()).toBeUndefined();
  });

  it("keeps each concurrent unit's store across awaits, while another ends first", async () => {
    const storage = createScopedStorage<{ name: string }>();
    const seen: string[] = [];
    const slow = storage.run({ name: "slow" }, async () => {
      await tick();
      await tick();
      seen.push(`slow:${storage.getStore()?.name}`);
      await tick();
      seen.push(`slow again:${storage.getStore()?.name}`);
    });
    const quick = storage.run({ name: "quick" }, async () => {
      await tick();
      seen.push(`quick:${storage.getStore()?.name}`);
    });
    expect(storage.unitsInside()).toBe(2);
    await quick;
    expect(storage.unitsInside()).toBe(1);
    await slow;
    expect(seen).toEqual(["quick:quick", "slow:slow", "slow again:slow"]);
    expect(storage.unitsInside()).toBe(0);
    expect(storage.getStore()).toBeUndefined();
  });

  it("leaves when the work throws or its promise rejects, and works again afterwards", async () => {
    const storage = createScopedStorage<number>();
    expect(() =>
      storage.run(1, () => {
        throw new Error("thrown");
      }),
    ).toThrow("thrown");
    expect(storage.unitsInside()).toBe(0);
    await expect(
      storage.run(2, async () => {
        await tick();
        throw new Error("rejected");
      }),
    ).rejects.toThrow("rejected");
    expect(storage.unitsInside()).toBe(0);
    await expect(
      storage.run(3, async () => {
        await tick();
        return storage.getStore();
      }),
    ).resolves.toBe(3);
  });

  it("returns what the work returns", async () => {
    const storage = createScopedStorage<string>();
    expect(storage.run("x", () => 42)).toBe(42);
    await expect(storage.run("x", () => Promise.resolve("done"))).resolves.toBe("done");
  });
});
