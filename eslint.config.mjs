import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const noProcessEnv = {
  "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through lib/env.ts." }],
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The application reads its configuration in exactly one place. Launchers (lib/cli) and the test
  // harness start servers with an environment, so they are the exceptions.
  {
    files: ["app/**", "components/**", "lib/**", "proxy.ts"],
    ignores: ["lib/env.ts", "lib/cli/**"],
    rules: noProcessEnv,
  },
  // Tests read answers as loose JSON and assert on their fields.
  { files: ["tests/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  globalIgnores([".next/**", "node_modules/**", "data/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
]);
