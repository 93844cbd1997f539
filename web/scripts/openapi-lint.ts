/**
 * Lints the API's OpenAPI description with Redocly's recommended rules (redocly.yaml): writes the
 * document the site serves to a temporary file and runs `redocly lint` on it. Exits non-zero on
 * any error. Part of `npm test`; offline (no telemetry, no update check).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "@shared/config/env";
import { openApiDocument } from "../app/api/openapi.server";

const root = fileURLToPath(new URL("../../", import.meta.url));
const directory = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
try {
  const file = path.join(directory, "openapi.json");
  writeFileSync(file, JSON.stringify(openApiDocument(parseEnv(process.env).SITE_URL), null, 2));
  const lint = spawnSync(
    path.join(root, "node_modules/.bin/redocly"),
    ["lint", file, "--config", path.join(root, "redocly.yaml"), "--format", "stylish"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", DO_NOT_TRACK: "1" },
    },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(directory, { recursive: true, force: true });
}
