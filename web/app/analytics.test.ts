import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@shared/config/env";
import {
  analyticsConfig,
  analyticsTag,
  INITIAL_PAGE_VIEW_DELAY_MS,
  tagBootstrapScript,
  tagScriptUrl,
} from "./analytics";

describe("analytics configuration", () => {
  it("is off unless both the host and the measurement id are set", () => {
    expect(analyticsConfig(parseEnv({}))).toBeNull();
    expect(
      analyticsConfig(
        parseEnv({ ANALYTICS_HOST: "https://metrics.example.com/", ANALYTICS_MEASUREMENT_ID: "G-ABC123XYZ" }),
      ),
    ).toEqual({ host: "https://metrics.example.com", measurementId: "G-ABC123XYZ" });
  });

  it("loads the tag from {host}/gtag/js?id={id}", () => {
    expect(tagScriptUrl({ host: "https://metrics.example.com", measurementId: "G-ABC123XYZ" })).toBe(
      "https://metrics.example.com/gtag/js?id=G-ABC123XYZ",
    );
  });

  it("gives the page the inline start and the script's URL, or nothing without configuration", () => {
    expect(analyticsTag(parseEnv({}))).toBeNull();
    const config = { host: "https://metrics.example.com", measurementId: "G-ABC123XYZ" };
    expect(
      analyticsTag(
        parseEnv({ ANALYTICS_HOST: "https://metrics.example.com", ANALYTICS_MEASUREMENT_ID: "G-ABC123XYZ" }),
      ),
    ).toEqual({
      bootstrap: tagBootstrapScript(config),
      src: tagScriptUrl(config),
    });
  });

  it("sends the first page view after 1000 ms (spec 9)", () => {
    expect(INITIAL_PAGE_VIEW_DELAY_MS).toBe(1000);
  });
});

describe("the inline start of the tag", () => {
  it("queues the configuration without an automatic page view, then the page_load test event", () => {
    const window: { dataLayer?: unknown[][] } = {};
    runInNewContext(tagBootstrapScript({ host: "https://metrics.example.com", measurementId: "G-ABC123XYZ" }), {
      window,
    });
    const commands = (window.dataLayer ?? []).map((args) => Array.from(args));
    expect(commands.map((args) => args[0])).toEqual(["js", "config", "event"]);
    expect(commands[1]).toEqual([
      "config",
      "G-ABC123XYZ",
      { send_page_view: false, server_container_url: "https://metrics.example.com" },
    ]);
    expect(commands[2]).toEqual(["event", "page_load"]);
  });

  it("cannot be broken out of by a value", () => {
    const script = tagBootstrapScript({ host: "https://metrics.example.com", measurementId: "G-</script><script>x" });
    expect(script).not.toContain("</script>");
  });
});
