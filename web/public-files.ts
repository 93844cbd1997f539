/**
 * The files of public/ outside the build: the favicon, the social cards, the visual-editing
 * bridge, served with an hour's max-age (they may change with a deployment; the fingerprinted
 * build has a mount of its own).
 *
 * Only a request under one of public/'s entries reaches express.static. For any other path (every
 * page and data request) it would look for a file, fail, and build a 404 error with its stack
 * before handing the request on: about a millisecond of the event loop per request. The entries
 * are read at start-up, so a new file at the top of public/ is served after a restart; files
 * added inside its folders are served at once.
 */
import { readdirSync } from "node:fs";
import express, { type RequestHandler } from "express";

function entriesOf(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir).filter((name) => name !== "build"));
  } catch {
    return new Set();
  }
}

/** Serves public/'s files; hands every other request on untouched. */
export function servePublicFiles(dir: string): RequestHandler {
  const serve = express.static(dir, { maxAge: "1h" });
  const entries = entriesOf(dir);
  return (req, res, next) => {
    const slash = req.path.indexOf("/", 1);
    const entry = slash === -1 ? req.path.slice(1) : req.path.slice(1, slash);
    if (!entries.has(entry)) return next();
    void serve(req, res, next);
  };
}
