import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VCL_TEMPLATE, backInRotation, clusterVcl, varnishdPath } from "./varnish-control";

const template = readFileSync(VCL_TEMPLATE, "utf8");

describe("the cluster's VCL", () => {
  it("lists each web process as a probed backend of the round-robin director", () => {
    const vcl = clusterVcl(template, [4101, 4102, 4103]);
    expect(vcl.match(/^backend web\d /gm)).toEqual(["backend web1 ", "backend web2 ", "backend web3 "]);
    expect(vcl).toContain('.port = "4103";');
    expect(vcl.match(/\.probe = \{ \.url = "\/healthz";/g)).toHaveLength(3);
    expect(vcl).toContain("site.add_backend(web3);");
    // The template's example backends are gone.
    expect(vcl).not.toContain('"3101"');
  });

  it("refuses a template without the marked blocks", () => {
    expect(() => clusterVcl("vcl 4.1;", [4101])).toThrow('no "# backends:begin"');
  });
});

describe("a restarted web process back in Varnish's rotation", () => {
  // Bitmaps as varnishstat prints them: the newest probe in the lowest bit.
  const probes = (newestFirst: string) => BigInt(`0b${[...newestFirst].reverse().join("") || "0"}`);

  it("waits for three good probes in a row from the new process", () => {
    expect(backInRotation(probes("111"))).toBe(true);
    expect(backInRotation(probes("11111"))).toBe(true);
    expect(backInRotation(probes("11100"))).toBe(true);
    expect(backInRotation(probes("110"))).toBe(false);
    expect(backInRotation(probes("1"))).toBe(false);
  });

  it("does not count the stopped process's good probes, which Varnish still counts", () => {
    // Three probes refused during the restart, two good ones from before it: Varnish says
    // healthy (2 of 5), but one slow probe of the new process would make it sick again.
    expect(backInRotation(probes("00011"))).toBe(false);
    expect(backInRotation(probes("10011"))).toBe(false);
    expect(backInRotation(probes("11011"))).toBe(false);
  });

  it("is never back while Varnish counts it sick", () => {
    expect(backInRotation(0n)).toBe(false);
    expect(backInRotation(probes("00001"))).toBe(false);
  });
});

const varnishd = varnishdPath();
const hasVarnish = spawnSync(varnishd, ["-V"], { stdio: "ignore" }).status === 0;
// Without Varnish the suite is registered and skipped, saying why (the skipped-suites reporter prints it).
(hasVarnish ? describe : describe.skip)(
  `the cluster's VCL in Varnish${hasVarnish ? "" : " (skipped: needs Varnish, apt-get install varnish)"}`,
  () => {
    it("compiles (varnishd -C)", () => {
      const dir = mkdtempSync(path.join(tmpdir(), "vcl-"));
      // varnishd started as root reads the file as its own user.
      chmodSync(dir, 0o755);
      try {
        const file = path.join(dir, "site.vcl");
        writeFileSync(file, clusterVcl(template, [4101, 4102]));
        const compiled = spawnSync(varnishd, ["-C", "-n", path.join(dir, "n"), "-f", file], { encoding: "utf8" });
        expect(compiled.status, compiled.stderr.slice(-2_000)).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
