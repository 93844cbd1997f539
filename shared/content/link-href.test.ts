import { describe, expect, it } from "vitest";
import { isExternalHref, safeLinkHref } from "./link-href";

describe("safeLinkHref", () => {
  it.each([
    ["https://www.begambleaware.org", "https://www.begambleaware.org"],
    ["http://example.com/page?x=1#top", "http://example.com/page?x=1#top"],
    ["HTTPS://EXAMPLE.COM", "HTTPS://EXAMPLE.COM"],
    ["mailto:editors@example.com", "mailto:editors@example.com"],
    ["/algo-results", "/algo-results"],
    ["/premier-league-predictions?week=3#picks", "/premier-league-predictions?week=3#picks"],
    ["  /picks  ", "/picks"],
    ["\thttps://example.com\n", "https://example.com"],
  ])("keeps %j as a link to %j", (href, expected) => {
    expect(safeLinkHref(href)).toBe(expected);
  });

  it.each([
    ["javascript:alert(1)"],
    ["JAVASCRIPT:alert(1)"],
    [" JAVASCRIPT:alert(1)"],
    ["java\tscript:alert(1)"],
    ["java\nscript:alert(1)"],
    ["java\rscript:alert(1)"],
    ["\u0000javascript:alert(1)"],
    ["\u0001\u001f javascript:alert(1)"],
    ["javascript&colon;alert(1)"],
    ["&#106;avascript:alert(1)"],
    ["jav&#x09;ascript:alert(1)"],
    ["vbscript:msgbox(1)"],
    ["VBScript:msgbox(1)"],
    ["data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    [" data:text/html,<script>alert(1)</script>"],
    ["file:///etc/passwd"],
    ["tel:+441234567890"],
    ["ftp://example.com"],
    ["//evil.example/phish"],
    ["/\\evil.example/phish"],
    ["\\\\evil.example"],
    ["picks"],
    ["#top"],
    ["?q=1"],
    [""],
    ["   "],
    ["http://"],
    ["\u00a0javascript:alert(1)"],
    ["\u00a0/picks"],
  ])("drops %j", (href) => {
    expect(safeLinkHref(href)).toBeNull();
  });

  it("drops what is not text", () => {
    for (const value of [undefined, null, 42, { href: "https://example.com" }, ["https://example.com"]]) {
      expect(safeLinkHref(value)).toBeNull();
    }
  });

  it("tells other sites' addresses from this site's pages", () => {
    expect(isExternalHref("https://example.com")).toBe(true);
    expect(isExternalHref("HTTP://example.com")).toBe(true);
    expect(isExternalHref("/picks")).toBe(false);
    expect(isExternalHref("mailto:editors@example.com")).toBe(false);
  });
});
