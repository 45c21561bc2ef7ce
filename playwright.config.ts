import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;
/** The SMTP peer the e2e tests start (tests/e2e/support/mailbox.ts) and the server sends to. */
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2626);
/** The e2e server's DATA_DIR, known to tests too (`npm run user:create` reaches it through its socket). */
export const e2eDataDir =
  process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `obra-e2e-data-${port}`);

/** How every browser test starts Chromium (tests/deploy/ too, through Playwright's library). */
export const launchOptions = {
  // Debian's chromium-headless-shell: the same Chromium without the full browser's UI
  // process work, as Playwright's own headless runs use. The suite took 3.8 min against
  // 6.4 with /usr/bin/chromium, its browser processes a third of the CPU (decision 185).
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/** Browser tests drive Debian's Chromium against the production build on a fresh database. */
export default defineConfig({
  testDir: "tests/e2e",
  // The SMTP peer that receives the site's e-mails (tests/e2e/support/global-setup.ts).
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // axe scans and cold first pages take their time on 2 shared cores.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    locale: "es-ES",
    // Recording a trace costs every test about a quarter of its time (DOM snapshots at each
    // action). CI, which retries a failure once, records the retry's; a local run keeps a
    // failure's (decision 170).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: /company-record\.spec\.ts$/,
    },
    // The «Empresa» story changes the one company record every page shows: it runs once the
    // others are done, so no header or footer test reads it half way.
    {
      name: "company-record",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /company-record\.spec\.ts$/,
      dependencies: ["chromium"],
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      E2E_SMTP_PORT: String(e2eSmtpPort),
      E2E_DATA_DIR: e2eDataDir,
      // Lets a test act as many visitors (X-Forwarded-For) past the per-address limits.
      TRUST_PROXY: "true",
      // Every subscriber the stories confirm gets each campaign sent; at the default 120 a
      // minute the last of them waited past the mailbox's patience. The throttle itself is
      // tested in server/api/campaigns.test.ts and measured by bench:newsletter.
      NEWSLETTER_RATE_PER_MINUTE: "6000",
    },
  },
});
