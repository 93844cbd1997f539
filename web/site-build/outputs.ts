/** Where the site's build puts the server bundle (server-bundle.ts), for those who start the site. */
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

export const SERVER_BUNDLE_DIR = path.join(root, "build/server");

/** The site's process entry: `node build/server/start.js` (web/start.ts, bundled). */
export const SERVER_ENTRY = path.join(SERVER_BUNDLE_DIR, "start.js");
