/** A verified account made with `npm run user:create`'s script, and a token for it. */
import { spawnSync } from "node:child_process";
import { root } from "./server.ts";

export interface Credentials {
  email: string;
  password: string;
}

export function createUser(
  env: Record<string, string>,
  credentials: Credentials,
  role = "guest_user",
) {
  // user:create no longer makes an embedded database (a mistyped DATA_DIR would get a new empty
  // one): a bench's fresh DATA_DIR gets its database from db:migrate --init first.
  if (!env.DATABASE_URL) {
    const init = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/db-migrate.ts", "--init"],
      { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" },
    );
    if (init.status !== 0) throw new Error(`db:migrate failed: ${init.stderr || init.stdout}`);
  }
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/user-create.ts",
      "--name",
      "Bench",
      "--email",
      credentials.email,
      "--password",
      credentials.password,
      "--role",
      role,
    ],
    { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`user:create failed: ${result.stderr || result.stdout}`);
}

export async function login(base: string, credentials: Credentials): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": randomIp() },
    body: JSON.stringify({ ...credentials, remember: true }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A random private address for X-Forwarded-For: with TRUST_PROXY=true the server throttles per
 * this value, so bench traffic stays under the per-IP limits as real visitors would.
 */
export const randomIp = () =>
  `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;

let sequence = 0;
/** A value unique within this run (and across runs): for e-mails and message tokens. */
export const uniqueToken = () => `${process.pid}-${Date.now().toString(36)}-${++sequence}`;
