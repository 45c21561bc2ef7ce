import { randomBytes } from "node:crypto";
import { lstat, mkdir, opendir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { mailCopyDays } from "../../content/retention.ts";
import type { Env } from "../env.ts";
import { log } from "../log.ts";
import { headerSafe } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

/** Where a delivered message went: the .eml file, when there is no SMTP server. */
export interface Delivery {
  file?: string;
}

/**
 * Delivers one message now, or throws. SMTP when SMTP_URL is set, otherwise .eml files. The
 * outbox logs each delivery (it knows the row and the lead the message belongs to).
 */
export interface MailTransport {
  deliver(message: MailMessage): Promise<Delivery>;
  /**
   * The outbox calls this when a pass ends: an SMTP connection kept open for the pass's
   * messages is closed (decision 103), so none stays idle between passes.
   */
  release?(): void;
}

export function createTransport(env: Env): MailTransport {
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : fileTransport(env);
}

/** Headers are cleaned again here: this is the last stop before they are written. */
const envelope = (message: MailMessage, from: string) => ({
  from,
  to: headerSafe(message.to),
  ...(message.replyTo ? { replyTo: headerSafe(message.replyTo) } : {}),
  subject: headerSafe(message.subject),
  text: message.text,
  html: message.html,
  headers: Object.fromEntries(
    Object.entries(message.headers ?? {}).map(([name, value]) => [name, headerSafe(value)]),
  ),
});

/**
 * Timeouts well under the outbox's 2-minute claim, so a message is never still being sent when
 * another instance may take it over; nodemailer's defaults wait up to 10 minutes.
 */
function smtpTransport(url: string, from: string): MailTransport {
  // One connection reused for every message of an outbox pass: a new connection per message
  // costs about 100 ms of handshakes, which caps a campaign at ~10 mails a second; reused,
  // a message takes a few ms (decision 103). Closed when the pass ends.
  let pooled: ReturnType<typeof nodemailer.createTransport> | undefined;
  const open = () => {
    pooled ??= nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 1,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return pooled;
  };
  return {
    async deliver(message) {
      await open().sendMail(envelope(message, from));
      return {};
    },
    release() {
      pooled?.close();
      pooled = undefined;
    },
  };
}

/**
 * Without SMTP (a laptop, a demo) each message becomes an .eml file that any mail client
 * opens, so sign-up and reset still work end to end. The outbox's log line says where the file
 * is, not what it holds: a reset link in it is a password to the account, a lead's subject
 * names the visitor, and logs travel further than the data folder (decisions 090, 173).
 */
function fileTransport(env: Env): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const folder = mailFolder(env.DATA_DIR);
  return {
    async deliver(message) {
      const mail = envelope(message, env.MAIL_FROM);
      const info = await transporter.sendMail(mail);
      // Owner-only whatever the umask: the messages carry live reset links (data-dir.ts).
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const file = path.join(folder, emlFileName());
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { file };
    },
  };
}

/** Where mail goes without SMTP: `DATA_DIR/mail`. */
export function mailFolder(dataDir: string): string {
  return path.resolve(dataDir, "mail");
}

/**
 * The retention sweep's part here (decision 183): the .eml files of `folder` written more than
 * `mailCopyDays` ago (by their modification time, on this machine's clock), as the outbox's
 * copies of an account's mails go. They hold what the mails held (names, addresses, a lead's
 * words), and files left from before SMTP_URL was set go too. A folder that is not there holds
 * none; a file another instance on the same folder deleted first is not counted. Answers how
 * many it deleted.
 */
export async function deleteOldMailFiles(folder: string, now = Date.now()): Promise<number> {
  const before = now - mailCopyDays * 24 * 60 * 60_000;
  let entries: Awaited<ReturnType<typeof opendir>>;
  try {
    entries = await opendir(folder);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let deleted = 0;
  // One entry at a time: a folder of years of mail is never read into memory whole.
  for await (const entry of entries) {
    // Regular files only, as written here: never a link to somewhere else, nor a folder.
    if (!entry.isFile() || !entry.name.endsWith(".eml")) continue;
    const file = path.join(folder, entry.name);
    try {
      if ((await lstat(file)).mtimeMs >= before) continue;
      await unlink(file);
      deleted += 1;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return deleted;
}

/**
 * Deletes the .eml files of outbox rows erased with their lead or subscription (decision 188),
 * by the names the outbox stored (`mail_outbox.file`). Called once the erasure has committed:
 * a rolled-back one keeps its files. A stored name that is not a plain file of `folder`, a link
 * or a folder is left as it is, and one already gone is fine. A failure is a warning, never the
 * erasure's undoing: the rows are gone, and the hourly sweep deletes the file at `mailCopyDays`.
 * Never throws.
 */
export async function deleteMailFiles(folder: string, names: readonly string[]): Promise<void> {
  const root = path.resolve(folder);
  let refused = 0;
  for (const name of names) {
    // Resolved against the folder, a stored value outside it ("../x.eml", "/etc/x.eml",
    // "sub/x.eml") has another parent: nothing the outbox wrote, so nothing to delete.
    const file = path.resolve(root, name);
    if (path.dirname(file) !== root || !file.endsWith(".eml")) {
      refused += 1;
      continue;
    }
    try {
      // The entry itself, not what a link points to: only a regular file is the outbox's.
      if (!(await lstat(file)).isFile()) {
        refused += 1;
        continue;
      }
      await unlink(file);
    } catch (error) {
      if (isMissing(error)) continue;
      // The error names the file (a time and random letters), never what the mail held.
      log.warn({ err: error }, "mail: a mail file of erased data could not be deleted");
    }
  }
  if (refused) {
    log.warn(
      { files: refused },
      "mail: mail files of erased data named outside the mail folder were left as they are",
    );
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Sortable by time, unique across instances writing the same folder. */
function emlFileName(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return `${stamp}-${randomBytes(4).toString("hex")}.eml`;
}
