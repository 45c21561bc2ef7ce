import { z } from "zod";

/** Every environment value the server reads, parsed once. All are optional (see .env.example). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Obra Mediterránea <no-reply@localhost>"),
  CONTACT_NOTIFY_TO: z.string().optional(),
  GA_MEASUREMENT_ID: z.string().optional(),
  ADS_CONVERSION_SEND_TO: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /**
   * How many reverse proxies stand in front of the site (decision 070): the client's address is
   * the X-Forwarded-For entry that many hops from the right. true = 1, false = 0 (the socket's peer).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, "use a number of proxies (0, 1, 2…), true or false")
    .default("0")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v))),
});

export type Env = z.infer<typeof EnvSchema> & { APP_URL: string };

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const blankless = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = EnvSchema.safeParse(blankless);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    console.error(`Invalid environment:\n${lines.join("\n")}`);
    process.exit(1);
  }
  const env = result.data;
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "") };
}
