// The server the browser tests run against: the production build, a throw-away data directory,
// and mail sent over SMTP to the peer that the tests start on E2E_SMTP_PORT.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.NODE_ENV = "production";
// E2E_DATA_DIR (set by playwright.config.ts) lets tests reach this server's data, e.g. for
// `npm run user:create`; it is emptied first so every run starts from a fresh database.
if (process.env.E2E_DATA_DIR) {
  rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  mkdirSync(process.env.E2E_DATA_DIR, { recursive: true });
}
process.env.DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "obra-e2e-"));
process.env.SMTP_URL ??= `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2626}`;
process.env.CONTACT_NOTIFY_TO ??= "oficina@obra.test";
process.env.APP_URL ??= `http://localhost:${process.env.PORT ?? 4173}`;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const { start } = await import(path.join(buildDir, "server/server.js"));
await start();
