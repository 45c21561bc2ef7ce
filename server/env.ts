import net from "node:net";
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
