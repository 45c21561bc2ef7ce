import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { parseEnv as parseDotEnv } from "node:util";
import { z } from "zod";

/**
 * A URL with one of `protocols` and a host. `hostless` allows an empty host when the URL's
 * query names one (PostgreSQL's `?host=/run/postgresql` for a Unix socket).
 */
const serverUrl = (protocols: string[], expected: string, hostless = false) =>
  z.string().refine(
    (value) => {
      const url = URL.parse(value);
      if (!url || !protocols.includes(url.protocol)) return false;
      return url.hostname !== "" || (hostless && url.searchParams.has("host"));
    },
    { error: expected },
  );

/** A DNS name: letters, digits and hyphens in dot-separated labels. */
const hostName =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
/** An address alone or a display name and an address in angle brackets. */
const mailbox = /^([^<>@\s]+@[^<>@\s]+\.[^<>@\s]+|[^<>]*<[^<>@\s]+@[^<>@\s]+>)$/;

const portExpected = "expected a port number from 0 to 65535";

const officeDaysExpected =
  "expected the office's days off besides the national holidays, separated by commas, each YYYY-MM-DD (that year) or MM-DD (every year), such as 2026-12-26,09-11";

/** A day of the calendar as YYYY-MM-DD, or MM-DD for every year (read in 2024, a leap year). */
const isCalendarDay = (day: string) =>
  z.iso.date().safeParse(/^\d{2}-\d{2}$/.test(day) ? `2024-${day}` : day).success;

/**
 * Every environment value the server reads, parsed once. All are optional (see .env.example).
 * Each `error` is what the operator reads when the value is wrong: what is expected, with an
 * example, in one line (the value itself is not repeated: it may hold a password).
 */
const EnvSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], {
      error: "expected production, development or test",
    })
    .default("production"),
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, { error: portExpected })
    .transform(Number)
    .refine((port) => port <= 65535, { error: portExpected })
    .default(3000),
  HOST: z
    .string()
    .refine((host) => net.isIP(host) !== 0 || hostName.test(host), {
      error:
        "expected the address to listen on: an IP address such as 127.0.0.1, 0.0.0.0 or ::, or a host name such as localhost",
    })
    .default("0.0.0.0"),
  APP_URL: z
    .string()
    .refine(
      (value) => {
        const url = URL.parse(value);
        return (
          url !== null &&
          ["http:", "https:"].includes(url.protocol) &&
          url.hostname !== "" &&
          url.pathname === "/" &&
          !url.search &&
          !url.hash &&
          !url.username
        );
      },
      {
        error:
          "expected the site's public address, http:// or https:// and a host without a path, such as https://www.example.es",
      },
    )
    .optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: serverUrl(
    ["postgres:", "postgresql:"],
    "expected a PostgreSQL URL such as postgres://user:password@127.0.0.1:5432/obra (unset: the embedded database)",
    true,
  ).optional(),
  SMTP_URL: serverUrl(
    ["smtp:", "smtps:"],
    "expected smtp://user:password@host:587 or smtps://user:password@host:465, with a host (unset: mail is written to files)",
  ).optional(),
  MAIL_FROM: z
    .string()
    .regex(mailbox, {
      error: "expected a sender such as Obra Mediterránea <no-reply@example.es> or an address",
    })
    .default("Obra Mediterránea <no-reply@localhost>"),
  CONTACT_NOTIFY_TO: z
    .string()
    .regex(mailbox, { error: "expected an e-mail address such as oficina@example.es" })
    .optional(),
  LEAD_REPLY_TO: z
    .string()
    .regex(mailbox, { error: "expected an e-mail address such as presupuestos@example.es" })
    .optional(),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, { error: "expected a Google Analytics 4 id such as G-XXXXXXX" })
    .optional(),
  ADS_CONVERSION_SEND_TO: z
    .string()
    .regex(/^AW-\d+\/[\w-]+$/, {
      error: "expected a Google Ads conversion such as AW-123456789/AbCdEfGh",
    })
    .optional(),
  REDIS_URL: serverUrl(
    ["redis:", "rediss:"],
    "expected redis://host:6379 or rediss://host:6380, with a host (unset: throttles count in memory)",
  ).optional(),
  /**
   * How many reverse proxies stand in front of the site (decision 070): the client's address is
   * the X-Forwarded-For entry that many hops from the right. true = 1, false = 0 (the socket's peer).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, {
      error:
        "expected the number of proxies in front of the site (0, 1, 2…), or true (1) or false (0)",
    })
    .default("0")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v))),
  /**
   * Newsletter campaign mails handed to the SMTP server per minute (decision 103): each mail of
   * a send is scheduled that far apart, so a campaign never floods the mail server.
   */
  NEWSLETTER_RATE_PER_MINUTE: z
    .string()
    .regex(/^\d{1,6}$/, {
      error: "expected a whole number of mails per minute from 1 to 100000, such as 120",
    })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100_000, {
      error: "expected a whole number of mails per minute from 1 to 100000, such as 120",
    })
    .default(120),
  /**
   * The office's days off besides Spain's national holidays (decision 202): its region's and
   * its town's. No reminder of unanswered leads goes on them, nor do they count as working days.
   */
  REMINDER_HOLIDAYS: z
    .string()
    // A comma left at the end, or two together, names no day: not an error.
    .transform((list) =>
      list
        .split(",")
        .map((day) => day.trim())
        .filter(Boolean),
    )
    .refine((days) => days.every(isCalendarDay), { error: officeDaysExpected })
    .default([]),
  /**
   * The day (YYYY-MM-DD, from midnight in Madrid) from which super admins and admins must sign
   * in with a second factor (decision 220). Before it the second factor is offered and the
   * admin reminds them; unset, it is never required.
   */
  TWO_FACTOR_REQUIRED_FROM: z.iso
    .date({
      error: "expected the day the second factor becomes required, YYYY-MM-DD, such as 2027-01-15",
    })
    .optional(),
  /** Least severe log line written (server/log.ts); `silent` writes none. */
  LOG_LEVEL: z
    .enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"], {
      error: "expected trace, debug, info, warn, error, fatal or silent",
    })
    .optional(),
});

export type Env = z.infer<typeof EnvSchema> & { APP_URL: string };

export type EnvCheck = { env: Env; problems?: undefined } | { env?: undefined; problems: string[] };

/** The settings, or one line per wrong variable naming it and what it expects. */
export function checkEnv(source: Record<string, string | undefined> = process.env): EnvCheck {
  const blankless = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = EnvSchema.safeParse(blankless);
  if (!result.success) {
    const byName = new Map<string, string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      if (!byName.has(name)) byName.set(name, `Invalid setting ${name}: ${issue.message}`);
    }
    return { problems: [...byName.values()] };
  }
  const env = result.data;
  const APP_URL = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return { env: { ...env, APP_URL } };
}

/** Exit status of a start refused for its configuration (sysexits' EX_CONFIG). */
export const configErrorExitCode = 78;

/**
 * The settings, or the process ends here: each problem on a line of its own on stderr, no stack
 * trace, exit status 78 (a unit can stop restarting on it: RestartPreventExitStatus=78).
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const checked = checkEnv(source);
  if (checked.env) return checked.env;
  process.stderr.write(`${checked.problems.join("\n")}\n`);
  process.exit(configErrorExitCode);
}

/**
 * Names read by the site or its tools besides the settings above, and other programs'
 * variables an `.env` or a unit may rightly hold: none of them is a misspelt setting.
 */
const otherNames = new Set([
  "BUILD_DIR",
  "MIGRATIONS_DIR",
  "PROFILE_TO",
  "TMPDIR",
  "TZ",
  "CI",
  "LANG",
  "HOME",
  "PATH",
  "CHROMIUM_PATH",
]);
/** Prefixes of other programs' variables: PostgreSQL's libpq, Node, glibc, libuv, npm, tests. */
const otherPrefixes = ["PG", "NODE_", "MALLOC_", "UV_", "npm_", "E2E_", "TEST_", "BENCH_", "LC_"];

const settingNames = Object.keys(EnvSchema.shape);
/**
 * The first words of the settings' names (SMTP_, DATABASE_, CONTACT_…): a variable in the
 * environment that starts with one was meant for this site. NODE_ is Node's own.
 */
const settingPrefixes = [
  ...new Set(
    settingNames
      .filter((name) => name.includes("_") && !name.startsWith("NODE_"))
      .map((name) => `${name.split("_")[0]}_`),
  ),
];

/** A variable that looks meant for this site but is none of its settings, so it is ignored. */
export interface StraySetting {
  name: string;
  where: ".env" | "environment";
  /** The setting it was probably meant to be. */
  suggestion?: string;
}

/**
 * Optimal string alignment distance: letters inserted, deleted, changed, or two neighbours
 * swapped (SMTP_ULR is one step from SMTP_URL).
 */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/**
 * The setting `name` was probably meant to be: the nearest by a few typing mistakes (fewer
 * for short names: HOME is not HOST), or one sharing its first word (SMTP_HOST, CONTACT_NOTIFY).
 */
export function meantSetting(name: string): string | undefined {
  const upper = name.toUpperCase();
  let best: { name: string; distance: number } | undefined;
  for (const setting of settingNames) {
    const distance = editDistance(upper, setting);
    const allowed = Math.max(1, Math.min(3, Math.floor(setting.length / 4)));
    const sameWord = setting.includes("_") && upper.startsWith(`${setting.split("_")[0]}_`);
    if ((distance <= allowed || sameWord) && (!best || distance < best.distance)) {
      best = { name: setting, distance };
    }
  }
  return best?.name;
}

const known = (name: string) =>
  settingNames.includes(name) ||
  otherNames.has(name) ||
  otherPrefixes.some((prefix) => name.startsWith(prefix));

/**
 * Variables that are no setting of this site: every unknown one in `.env` (the site's own
 * file), and those of the environment that start like a setting (SMTP_…, DATABASE_…) or are a
 * typing mistake away from one. A misspelt name is otherwise silently ignored: DATABSE_URL
 * leaves the site on the embedded database, SMTP_ULR writes every mail to files.
 */
export function straySettings(
  dotEnv: Record<string, string>,
  environment: Record<string, string | undefined> = process.env,
): StraySetting[] {
  const stray: StraySetting[] = [];
  for (const name of Object.keys(dotEnv)) {
    if (!known(name)) stray.push({ name, where: ".env", suggestion: meantSetting(name) });
  }
  for (const name of Object.keys(environment)) {
    if (name in dotEnv || known(name)) continue;
    const suggestion = meantSetting(name);
    if (
      suggestion &&
      (settingPrefixes.some((prefix) => name.startsWith(prefix)) ||
        editDistance(name.toUpperCase(), suggestion) <= 3)
    ) {
      stray.push({ name, where: "environment", suggestion });
    }
  }
  return stray;
}

/** The variables of the project's `.env` (in the working folder: the commands run there). */
export function readDotEnv(file = path.resolve(".env")): Record<string, string> {
  return existsSync(file)
    ? (parseDotEnv(readFileSync(file, "utf8")) as Record<string, string>)
    : {};
}

/**
 * parseEnv for the operator's commands, which also warn (in Spanish, as they speak) of every
 * stray variable: a misspelt DATABASE_URL would send `user:create` to another database.
 */
export function parseCommandEnv(): Env {
  const env = parseEnv();
  for (const { name, where, suggestion } of straySettings(readDotEnv())) {
    const place = where === ".env" ? "en .env" : "en el entorno";
    process.stderr.write(
      `Aviso: ${name} (${place}) no es un ajuste de este sitio y no se usa.${suggestion ? ` ¿Querías decir ${suggestion}?` : ""}\n`,
    );
  }
  return env;
}
