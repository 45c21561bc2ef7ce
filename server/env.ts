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
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (first hop). */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
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
