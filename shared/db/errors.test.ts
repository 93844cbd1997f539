import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors";
import { reconnectDelaySeconds } from "./index";

const withCode = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(code), { code, ...extra });

describe("isDatabaseUnavailable", () => {
  it.each(["ECONNREFUSED", "ECONNRESET", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_DESTROYED"])(
    "counts the socket error %s",
    (code) => {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    },
  );

  it.each(["08006", "08001", "57P01", "57P03", "53300"])("counts the server's SQLSTATE %s", (code) => {
    expect(isDatabaseUnavailable(withCode(code, { severity: "FATAL" }))).toBe(true);
  });

  it("looks through drizzle's wrapping of the driver's error", () => {
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: withCode("ECONNREFUSED") }))).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505", { severity: "ERROR" })],
    ["a syntax error", withCode("42601", { severity: "ERROR" })],
    ["a plain bug", new TypeError("x is undefined")],
    ["something thrown that is not an error", "ECONNREFUSED"],
  ])("does not count %s", (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("reconnectDelaySeconds", () => {
  it("retries quickly and never waits more than a second", () => {
    expect([1, 2, 3, 4, 5, 20, 100].map(reconnectDelaySeconds)).toEqual([0.1, 0.2, 0.4, 0.8, 1, 1, 1]);
  });
});
