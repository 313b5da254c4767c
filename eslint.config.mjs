import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Leaving a property out by destructuring it into a rest sibling is how the seed drops fields.
      // Pictures are static SVGs and signed file URLs shown as they are; the app does not run Next's image optimiser.
      "@next/next/no-img-element": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The layers (docs/decisions/0180-lib-by-layer.md): code that reaches the browser never imports
    // server code or the database, db/ sits below lib/server, and lib/shared holds rules both sides
    // run. Paths are matched after resolving the import, so "@/..." aliases and relative paths count alike.
    files: ["**/*.{js,jsx,mjs,ts,tsx,mts,cts}"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: [
                "./components",
                "./lib/client",
                "./lib/queries",
                "./lib/contracts",
                "./lib/i18n",
                "./lib/shared",
              ],
              from: ["./lib/server", "./db"],
              message:
                "Browser and shared code reach the server through an API call, never by importing lib/server or db.",
            },
            {
              target: "./db",
              from: "./lib/server",
              message: "db/ sits below lib/server: a type both need belongs in lib/shared.",
            },
            {
              target: ["./lib/server", "./db", "./lib/shared"],
              from: ["./components", "./lib/client", "./lib/queries"],
              message: "Server and shared code do not import browser code.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read the JSON a handler or a fake answered; typing every body would only restate the contract.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // CommonJS scripts (the standalone server's wrapper) load modules the CommonJS way.
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  globalIgnores([
    ".next*/**",
    "bench/next-floor/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "test-results*/**",
    "data/**",
    ".data/**",
    "storage/**",
  ]),
]);
