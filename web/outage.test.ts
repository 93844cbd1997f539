import { describe, expect, it } from "vitest";
import { probeTarget } from "./outage";

describe("probeTarget", () => {
  it.each([
    ["/healthz", "/healthz"],
    ["/readyz", "/readyz"],
    ["/healthz?verbose=1", "/healthz"],
    ["/readyz?", "/readyz"],
  ])("names the probe %s asks for", (url, probe) => {
    expect(probeTarget(url)).toBe(probe);
  });

  it.each(["/", "/healthzz", "/healthz/", "/readyz.data", "/api/healthz", undefined])("names none for %s", (url) => {
    expect(probeTarget(url)).toBeNull();
  });
});
