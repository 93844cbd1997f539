// ESLint flat config. Run with `npm run lint`.
//
// Type-aware: every TypeScript file is checked with typescript-eslint's type-checked recommended
// rules through the project service, which uses tsconfig.json (its "include" covers web, studio,
// sync-worker, shared, tests, deploy and the root *.ts files, test files included).
// The few plain JavaScript config files are not in tsconfig.json; they get the untyped rules only.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  // Generated output and non-source (mirrors .gitignore; ESLint does not read .gitignore).
  globalIgnores([
    "**/node_modules/",
    "build/",
    "public/build/",
    "public/visual-editing/",
    "studio-dist/",
    ".data/",
    ".cache/",
    ".sanity/",
    "test-results/",
    ".screenshots/",
    "coverage/",
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: "error",
    },
  },

  // Project-wide settings for typescript-eslint rules that meet a deliberate project pattern.
  {
    rules: {
      // Reason: `async` on functions that implement a Promise-returning interface (content sources,
      // preview sessions, Remix loaders, endpointLoader callbacks, test fakes) is deliberate even when
      // nothing is awaited: it keeps the signature and turns a synchronous throw into a rejection.
      "@typescript-eslint/require-await": "off",
      // Reason: a binding a callback reads before its one assignment (the database pool whose socket
      // factory is made before the driver it reports to) has to be `let`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // Reason: Remix loaders and actions answer by throwing a Response (`throw notFound()`,
      // `throw new Response(...)`, `throw redirect(...)`); only those may be thrown besides Errors.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "@remix-run/server-runtime", name: "TypedResponse" },
          ],
        },
      ],
      // Reason: a leading underscore marks a deliberately unused binding: omit-by-destructuring
      // (`const { _rev, ...fields } = doc`), positional parameters kept for a signature
      // (Express's four-argument error handler `_next`), skipped tuple elements.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // Reason: Node's `http.createServer` / Express `app.use|all|get(...)` accept async request
      // handlers by convention (their errors are handled inside the handler or by Express's error
      // middleware), so a Promise-returning function passed as an argument is not flagged.
      // JSX attributes and other void-returning positions stay checked.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false } }],
      // Reason: the project's service and capability objects are closures returned by factory
      // functions (createPageServer's `remixHandler`, watchDataVersions's `current`, the providers'
      // capability records such as `lineups`), declared in interface method syntax and passed around
      // as plain functions; none of them reads `this`. The two places that do detach a prototype
      // method (Node's `writeHead`, a stream's `push`) call it back with `.call(...)`.
      "@typescript-eslint/unbound-method": "off",
      // Reason: callbacks such as a stream's `onShellError(error)` or a socket error handler pass
      // through an `unknown` error they received; rejecting with it as-is is correct.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true }],
    },
  },

  // React hooks: the classic two rules only (rules-of-hooks + exhaustive-deps, as in the plugin's
  // pre-v6 recommended preset). Reason: the project does not use the React Compiler, and v7's
  // recommended presets (flat "recommended" and "recommended-latest" both) add the compiler's rules
  // (set-state-in-effect, refs, immutability, static-components, ...), which target code the compiler
  // rewrites; the latest-value ref and context-injected link component are deliberate here.
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },

  // Tests and test support: the no-unsafe-* family is off. Reason: tests read JSON responses
  // (`JSON.parse(...)`, `await res.json()`) and use vitest's asymmetric matchers (`expect.any(...)`,
  // `expect.objectContaining(...)`), which are typed `any`; the assertions themselves check the shape.
  // The rules stay on for application code.
  {
    files: [
      "**/*.test.ts",
      "**/*.test.tsx",
      "**/*.e2e.ts",
      "**/*.test-support.ts",
      "**/test-*.ts",
      "tests/**",
      "**/test-support/**",
      "**/testing/**",
    ],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },

  // Plain JavaScript (remix.config.js, .dependency-cruiser.cjs, this file): Node, no type information.
  {
    files: ["**/*.{js,mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: globals.node,
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: {
      sourceType: "commonjs",
    },
    rules: {
      // Reason: a CommonJS file (.dependency-cruiser.cjs reads web/app/features/feature-graph.cjs)
      // has no other way to load a module than require().
      "@typescript-eslint/no-require-imports": "off",
    },
  },
);
