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
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
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
  globalIgnores([".next*/**", "out/**", "build/**", "next-env.d.ts", "test-results*/**", "data/**", ".data/**", "storage/**"]),
]);
