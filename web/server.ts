import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { analyticsConfig } from "./app/analytics";
import type { AppContext } from "./app/load-context";
import { createRateLimiter, DEFAULT_RATE_LIMIT_TIERS } from "./rate-limit";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type ServerServices = Omit<AppContext, "cspNonce">;

/** The web process's HTTP app: static assets, security headers, then Remix. */
export function createApp(build: ServerBuild, services: ServerServices): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", 1);
  app.use(compression());

  // The analytics tag's host, only when analytics is configured: its script and its hits.
  const analytics = analyticsConfig(services.env);
  const analyticsSources = analytics ? [analytics.host] : [];

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`, ...analyticsSources],
          "img-src": ["'self'", "data:", ...analyticsSources],
          "connect-src": ["'self'", ...analyticsSources],
          // The Studio's Presentation tool shows the site in an iframe.
          "frame-ancestors": ["'self'", ...(services.env.SANITY_STUDIO_URL ? [new URL(services.env.SANITY_STUDIO_URL).origin] : [])],
          "upgrade-insecure-requests": null,
        },
      },
      // frame-ancestors above decides who may frame the site; X-Frame-Options cannot name the Studio.
      xFrameOptions: services.env.SANITY_STUDIO_URL ? false : { action: "sameorigin" },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );

  // Fingerprinted build assets never change; everything else in public/ may.
  app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));

  app.use(createRateLimiter(DEFAULT_RATE_LIMIT_TIERS));
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: services.env.NODE_ENV,
      getLoadContext: (_req, res): AppContext => ({ ...services, cspNonce: res.locals.cspNonce as string }),
    }),
  );
  return app;
}
