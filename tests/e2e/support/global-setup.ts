// Playwright global setup: a real SMTP server on E2E_SMTP_PORT that the site under test sends
// its e-mails to (SMTP_URL in scripts/e2e-server.mjs). Every message lands as a file in
// mailDir(port), read by the `mailbox` fixture. Addresses at `refusedDomain` do not exist: it
// refuses them for good (550), as a provider answers a visitor's mistyped address (decision 180).
import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { e2eSmtpPort } from "../../../playwright.config";
import { mailDir, refusedDomain } from "./mail-dir";

export default async function globalSetup() {
  const dir = mailDir(e2eSmtpPort);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.toLowerCase().endsWith(`@${refusedDomain}`)) return callback();
      callback(Object.assign(new Error("5.1.1 Mailbox does not exist"), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        // Written under a temporary name and renamed, so a reader never sees half a message.
        const name = `${Date.now()}-${randomUUID()}.eml`;
        writeFileSync(path.join(dir, `.${name}`), Buffer.concat(chunks));
        renameSync(path.join(dir, `.${name}`), path.join(dir, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(e2eSmtpPort, "127.0.0.1", () => resolve());
  });

  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
