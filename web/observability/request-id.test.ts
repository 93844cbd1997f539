import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import type { TrustProxyFn } from "../transport-security";
import { isSaneRequestId, requestIdOf } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function request(remoteAddress: string, id?: string | string[]): IncomingMessage {
  return {
    headers: id === undefined ? {} : { "x-request-id": id },
    socket: { remoteAddress },
  } as unknown as IncomingMessage;
}

/** Trusts the load balancer at 10.0.0.5 only (TRUST_PROXY=10.0.0.5). */
const loadBalancer: TrustProxyFn = (address, hop) => hop === 0 && address === "10.0.0.5";
const nobody: TrustProxyFn = () => false;

describe("requestIdOf", () => {
  it("keeps the id a trusted proxy sent", () => {
    expect(requestIdOf(request("10.0.0.5", "lb-7f3a.2:9_x-1"), loadBalancer)).toBe("lb-7f3a.2:9_x-1");
  });

  it("makes a new id when the sender is not a trusted proxy, whatever it sent", () => {
    const id = requestIdOf(request("203.0.113.9", "chosen-by-the-client"), loadBalancer);
    expect(id).toMatch(UUID);
    expect(requestIdOf(request("10.0.0.5", "from-the-lb"), nobody)).toMatch(UUID);
  });

  it("makes a new id for a trusted proxy's id that is not a sane token", () => {
    for (const sent of ["", "has space", 'quo"te', "new\nline", "x".repeat(129), "ünïcode", ["two", "ids"]]) {
      expect(requestIdOf(request("10.0.0.5", sent), loadBalancer)).toMatch(UUID);
    }
  });

  it("makes a different id for every request without one", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => requestIdOf(request("127.0.0.1"), nobody)));
    expect(ids.size).toBe(1000);
  });
});

describe("isSaneRequestId", () => {
  it("accepts up to 128 letters, digits and . _ : -", () => {
    expect(isSaneRequestId("a".repeat(128))).toBe(true);
    expect(isSaneRequestId("Root=1-5759e988-bd862e3fe1be46a994272793")).toBe(false);
    expect(isSaneRequestId("1-5759e988-bd862e3fe1be46a994272793")).toBe(true);
    expect(isSaneRequestId("a".repeat(129))).toBe(false);
  });
});
