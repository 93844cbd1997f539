import { describe, expect, it } from "vitest";
import { isJsonContentType, JSON_ANSWER_CSP, withJsonAnswerHeaders } from "./answer-headers";

describe("JSON answers' headers", () => {
  it("knows JSON by its content type, and nothing else", () => {
    expect(isJsonContentType("application/json; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/problem+json")).toBe(true);
    expect(isJsonContentType("application/vnd.oai.openapi+json;version=3.1")).toBe(true);
    expect(isJsonContentType("text/html; charset=utf-8")).toBe(false);
    expect(isJsonContentType("application/jsonp")).toBe(false);
    expect(isJsonContentType("text/x-script")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });

  it("sheds the headers only a document uses and keeps the rest", () => {
    const headers = new Map([
      ["content-security-policy", "default-src 'self'; script-src 'self'"],
      ["x-frame-options", "SAMEORIGIN"],
      ["cross-origin-opener-policy", "same-origin"],
      ["x-xss-protection", "0"],
      ["x-content-type-options", "nosniff"],
      ["cross-origin-resource-policy", "same-origin"],
      ["cache-control", "public, max-age=0, s-maxage=15"],
      ["content-type", "application/json; charset=utf-8"],
    ]);
    withJsonAnswerHeaders(headers);
    expect(Object.fromEntries(headers)).toEqual({
      "content-security-policy": JSON_ANSWER_CSP,
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
      "cache-control": "public, max-age=0, s-maxage=15",
      "content-type": "application/json; charset=utf-8",
    });
  });
});
