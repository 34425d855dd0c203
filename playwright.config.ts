import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// Debian's Chromium when installed (CI installs it); otherwise Playwright's own browser.
const systemChromium = "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    locale: "de-DE",
    trace: "off",
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
