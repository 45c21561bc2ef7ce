import path from "node:path";
import { company, placeholders, plausiblePlaceholders } from "../content/company.ts";
import { lowDiskBytes } from "./disk-space.ts";
import type { Env, StraySetting } from "./env.ts";
import { leadNoticeRecipient } from "./mail/contact-notice.ts";

/** One line for the operator at start-up; the caller decides how to print it. */
export interface StartupLine {
  level: "info" | "warn";
  message: string;
}

/**
 * What an operator needs to know as the server starts, one line each: variables that look
 * meant for the site but are none of its settings (a misspelt SMTP_URL would quietly write
 * every mail to files), where mail goes, where lead notices go, and (on a production start) an
 * APP_URL other than the build's and the company data that is still made up. In production,
 * mail written to files and lead notices sent to the placeholder address are warnings: nobody
 * would read either. `builtSiteUrl`: the APP_URL the build baked into the pre-rendered pages
 * (undefined when running from the sources). `stray`: from straySettings (server/env.ts).
 */
export function startupLines(
  env: Pick<Env, "NODE_ENV" | "SMTP_URL" | "DATA_DIR" | "CONTACT_NOTIFY_TO" | "APP_URL">,
  builtSiteUrl?: string,
  stray: StraySetting[] = [],
  /** The company record as the site publishes it (the admin's «Empresa», decision 245). */
  facts: unknown = company,
): StartupLine[] {
  const production = env.NODE_ENV === "production";
  const lines: StartupLine[] = stray.map(({ name, where, suggestion }) => ({
    level: "warn",
    message: `${name} in ${where === ".env" ? ".env" : "the environment"} is not a setting of this site and is ignored${suggestion ? `: did you mean ${suggestion}?` : ""}`,
  }));
  lines.push(mailLine(env, production), leadNoticeLine(env, production));
  if (production && builtSiteUrl && origin(builtSiteUrl) !== origin(env.APP_URL)) {
    lines.push({
      level: "warn",
      message: `APP_URL is ${env.APP_URL}, but this build was made for ${builtSiteUrl}: the pre-rendered pages' canonical links, the sitemap and the social previews name ${builtSiteUrl}, and mails name ${env.APP_URL}. Rebuild with the production APP_URL set (npm run build).`,
    });
  }
  const left = placeholdersInPlace(facts, placeholders);
  // Said while the admin's checklist has something in it: a Valencia company registered in
  // Valencia keeps those values for good, and a warning at every start would cry wolf.
  if (production && left.some(({ field }) => !plausiblePlaceholders.has(field))) {
    lines.push({
      level: "warn",
      message: [
        `The company record still holds ${left.length} placeholder values from content/company.ts, published on the site (the legal notice among them); replace them in the admin («Empresa») before going live:`,
        ...left.map(({ field, value }) => `  ${field}: ${value}`),
      ].join("\n"),
    });
  }
  return lines;
}

/**
 * A warning for each disk the site writes to with less than `lowDiskBytes` free (decision 174),
 * so that a start, a restart after the embedded database stopped on a full disk among them, says
 * so even when nothing probes /readyz. `free`: bytes free, undefined when unknown.
 */
export function lowDiskLines(
  env: Pick<Env, "DATA_DIR">,
  free: { dataDir?: number; uploads?: number },
  temporaryFolder: string,
): StartupLine[] {
  const low = (bytes: number | undefined) => bytes !== undefined && bytes < lowDiskBytes;
  const megabytes = (bytes = 0) => Math.floor(bytes / (1024 * 1024));
  const lines: StartupLine[] = [];
  if (low(free.dataDir)) {
    lines.push({
      level: "warn",
      message: `DATA_DIR ${path.resolve(env.DATA_DIR)}: ${megabytes(free.dataDir)} MB free on its disk, under ${megabytes(lowDiskBytes)} MB: quote requests are stored without their photos, and a full disk stops the embedded database; make room (/readyz shows the free space)`,
    });
  }
  if (low(free.uploads)) {
    lines.push({
      level: "warn",
      message: `The temporary folder ${temporaryFolder} (TMPDIR): ${megabytes(free.uploads)} MB free on its disk, under ${megabytes(lowDiskBytes)} MB: quote requests are stored without their photos; make room (/readyz shows the free space)`,
    });
  }
  return lines;
}

function mailLine(env: Pick<Env, "SMTP_URL" | "DATA_DIR">, production: boolean): StartupLine {
  const message = `Mail: ${mailDestination(env)}`;
  if (env.SMTP_URL || !production) return { level: "info", message };
  return {
    level: "warn",
    message: `${message}: nobody receives them, neither the office's lead notices nor visitors' sign-up and password links. Set SMTP_URL.`,
  };
}

function leadNoticeLine(env: Pick<Env, "CONTACT_NOTIFY_TO">, production: boolean): StartupLine {
  const to = leadNoticeRecipient(env);
  if (env.CONTACT_NOTIFY_TO) {
    return { level: "info", message: `Lead notices: to ${to} (CONTACT_NOTIFY_TO)` };
  }
  if (production && to === placeholders.email) {
    return {
      level: "warn",
      message: `Lead notices: to ${to}, the placeholder e-mail in content/company.ts: nobody at the company may read them. Set CONTACT_NOTIFY_TO to the mailbox that answers quote requests.`,
    };
  }
  return {
    level: "info",
    message: `Lead notices: to ${to} (company e-mail in content/company.ts; set CONTACT_NOTIFY_TO to change)`,
  };
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The SMTP server by host and port only: SMTP_URL may carry a user and password. */
function mailDestination(env: Pick<Env, "SMTP_URL" | "DATA_DIR">): string {
  if (!env.SMTP_URL) {
    return `no SMTP_URL, written as .eml files to ${path.resolve(env.DATA_DIR, "mail")}`;
  }
  try {
    const url = new URL(env.SMTP_URL);
    return `sent through SMTP server ${url.host} (${url.protocol.replace(/:$/, "")})`;
  } catch {
    return "sent through the SMTP server of SMTP_URL (not a readable URL)";
  }
}

export interface Placeholder {
  field: string;
  value: string;
}

/**
 * Each value of `facts` that still equals its stand-in in `standIns`, by its path
 * ("registry.tomo", "social.0.url"). Compared by place, so a real value that happens to equal
 * a stand-in elsewhere (the city "Valencia" among the areas served) is not listed.
 */
export function placeholdersInPlace(facts: unknown, standIns: unknown, at = ""): Placeholder[] {
  if (standIns !== null && typeof standIns === "object") {
    return Object.entries(standIns).flatMap(([key, standIn]) =>
      placeholdersInPlace(
        (facts as Record<string, unknown> | undefined)?.[key],
        standIn,
        at ? `${at}.${key}` : key,
      ),
    );
  }
  return facts === standIns ? [{ field: at, value: String(standIns) }] : [];
}
