// The `test` of the account and admin browser stories: Playwright's, plus a `mailbox` that reads
// what the SMTP peer of the global setup received.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import { simpleParser } from "mailparser";
import { e2eSmtpPort } from "../../../playwright.config";
import { mailDir } from "./mail-dir";

export interface ReceivedMail {
  to: string;
  subject: string;
  /** The Reply-To addresses, as the header reads ("" without one). */
  replyTo: string;
  text: string;
  html: string;
  /** Every http(s) link of the text part, in order. */
  links: string[];
}

export class Mailbox {
  /** Parsed messages by file name: a file never changes once it has its final name. */
  private readonly parsed = new Map<string, ReceivedMail>();

  constructor(private readonly dir: string) {}

  /** Every message received for `address` so far, oldest first. */
  async messagesFor(address: string): Promise<ReceivedMail[]> {
    const files = readdirSync(this.dir)
      .filter((name) => name.endsWith(".eml") && !name.startsWith("."))
      .sort();
    const mails: ReceivedMail[] = [];
    for (const file of files) {
      const mail = this.parsed.get(file) ?? (await this.parse(file));
      if (mail.to.split(",").includes(address.toLowerCase())) mails.push(mail);
    }
    return mails;
  }

  private async parse(file: string): Promise<ReceivedMail> {
    const parsed = await simpleParser(readFileSync(path.join(this.dir, file)));
    const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [])
      .flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? ""))
      .join(",");
    const text = parsed.text ?? "";
    const mail: ReceivedMail = {
      to,
      subject: parsed.subject ?? "",
      replyTo: parsed.replyTo?.text ?? "",
      text,
      html: typeof parsed.html === "string" ? parsed.html : "",
      links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
    };
    this.parsed.set(file, mail);
    return mail;
  }

  /**
   * Waits until `address` has received more than `already` messages (those whose subject is
   * `subject`, when given: staff also get a mail on each sign-in from a new browser, decision
   * 221); returns the newest.
   */
  async waitForMail(
    address: string,
    {
      already = 0,
      timeout = 20_000,
      subject,
    }: { already?: number; timeout?: number; subject?: string } = {},
  ): Promise<ReceivedMail> {
    let latest: ReceivedMail | undefined;
    await expect
      .poll(
        async () => {
          const mails = (await this.messagesFor(address)).filter(
            (mail) => subject === undefined || mail.subject === subject,
          );
          latest = mails.at(-1);
          return mails.length;
        },
        // Every 100 ms, not Playwright's default 100-250-500-1000 ms steps: a mail comes within
        // a second or two, and a step of a second would wait up to a second past it.
        { timeout, intervals: [100], message: `an e-mail for ${address}` },
      )
      .toBeGreaterThan(already);
    if (!latest) throw new Error("unreachable: poll passed without a message");
    return latest;
  }
}

/** The link of a mail that starts with `prefix` (e.g. "/verify-email/"), as a path. */
export function linkPath(mail: ReceivedMail, prefix: string): string {
  for (const link of mail.links) {
    const url = new URL(link);
    if (url.pathname.startsWith(prefix)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no ${prefix} link in "${mail.subject}": ${mail.links.join(" ")}`);
}

/** One per worker process, so each message is parsed once however often tests look. */
const workerMailbox = new Mailbox(mailDir(e2eSmtpPort));

export const test = base.extend<{ mailbox: Mailbox }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  mailbox: async ({}, use) => {
    await use(workerMailbox);
  },
});

export { expect };
