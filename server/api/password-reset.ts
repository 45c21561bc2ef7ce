import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { Hono } from "hono";
import pLimit from "p-limit";
import { z } from "zod";
import { revokeAllAccessTokens } from "../auth/access-tokens.ts";
import { consumeOneTimeToken, issueOneTimeToken, tokenPattern } from "../auth/one-time-tokens.ts";
import { hashPassword, passwordSchema, withPasswordConfirmation } from "../auth/passwords.ts";
import { hashToken } from "../auth/tokens.ts";
import { oneTimeTokens, users } from "../db/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail } from "../http-errors.ts";
import { log, maskEmail } from "../log.ts";
import { passwordResetMail } from "../mail/password-reset-mail.ts";
import { clientKey } from "../rate-limit/client-address.ts";
import { throttle, tooManyRequests } from "../rate-limit/throttle.ts";
import { accountFields, findUserByEmail } from "../users/account-fields.ts";
import { forgetPasswordGuesses } from "../users/sign-in-limits.ts";
import { validate } from "../validation.ts";

/**
 * Nobody can flood one inbox (5 per e-mail), nor probe many addresses from one place (20 per
 * client address: an office behind one IP still has room), per 15 minutes.
 */
function forgotThrottles(email: string, ip: string) {
  return [
    { key: `forgot-email:${email}`, limit: 5 },
    { key: `forgot-ip:${ip}`, limit: 20 },
  ];
}
const forgotWindowMs = 15 * 60_000;

/**
 * Reset attempts: 10 per client address per 15 minutes, counted before the form is read; and
 * 10 wrong links per e-mail from anywhere. Only wrong links count against the e-mail, so nobody
 * can stop the holder of a real link from using it (decision 072).
 */
const resetWindowMs = 15 * 60_000;
const resetAddressThrottle = { name: "reset-ip", limit: 10, windowMs: resetWindowMs };
const wrongLinksPerEmail = (email: string) => ({ key: `reset-email:${email}`, limit: 10 });

const ForgotBody = z.object({ email: accountFields.email.input });

/**
 * Opening a reset link asks whether it still works (POST /reset-password/check), so a used or
 * expired one says so before anyone types a password twice. The secret travels in the body,
 * not a URL a proxy logs. 30 per client address per 15 minutes: a few per reset, and a made-up
 * token is a 256-bit guess whatever the rate.
 */
const checkAddressThrottle = { name: "reset-check-ip", limit: 30, windowMs: resetWindowMs };

const LinkBody = z.object({
  email: accountFields.email.input,
  token: z.string({ error: "Falta el código del enlace." }).min(1, "Falta el código del enlace."),
});

const ResetBody = withPasswordConfirmation({ ...LinkBody.shape, password: passwordSchema });

/** ARCHITECTURE: the link the mail carries, opened by the /change-password screen. */
export function passwordResetLink(appUrl: string, email: string, token: string): string {
  return `${appUrl}/change-password/${encodeURIComponent(email)}/${token}`;
}

/** One answer for every address, so the form cannot tell who has an account. */
const resetRequested = {
  title: "Revisa tu correo",
  message:
    "Si hay una cuenta con ese correo electrónico, te hemos enviado un enlace para cambiar la contraseña. Caduca en 60 minutos.",
};

/**
 * POST /forgot-password and POST /reset-password (SPEC §7), and POST /reset-password/check.
 * `resetRequestTickMs`: how often waiting reset requests are worked; only tests pass a shorter
 * one than production's (decision 170).
 */
export function createPasswordResetRouter(
  deps: Dependencies,
  { resetRequestTickMs = defaultResetRequestTickMs }: { resetRequestTickMs?: number } = {},
) {
  const { db, limiter, sessions } = deps;
  const router = new Hono();
  const resetRequests = createResetRequestQueue(deps, resetRequestTickMs);
  /**
   * At most two reset attempts do their work (lookup, hash, update) at once; a flood waits here,
   * in memory, rather than in the database pool's queue, where every sign-in would wait behind
   * it (bench/password-flood, decision 072). People reset a password a few times a day.
   */
  const resetWork = pLimit(2);

  router.post("/forgot-password", validate(ForgotBody), async (c) => {
    const { email } = c.req.valid("json");
    for (const { key, limit } of forgotThrottles(email, clientKey(c, deps.env))) {
      const allowance = await limiter.hit(key, limit, forgotWindowMs);
      if (!allowance.allowed) tooManyRequests(allowance);
    }
    resetRequests.add(email);
    return c.json(resetRequested);
  });

  router.post(
    "/reset-password/check",
    throttle(deps, checkAddressThrottle),
    validate(LinkBody),
    async (c) => {
      const { email, token } = c.req.valid("json");
      if ((await resetLinkOwner(deps, email, token)) === undefined) invalidLink();
      return c.json({ usable: true });
    },
  );

  router.post(
    "/reset-password",
    throttle(deps, resetAddressThrottle),
    validate(ResetBody),
    (_c, next) => resetWork(next),
    async (c) => {
      const body = c.req.valid("json");
      // The link is checked before the password is hashed: a made-up one costs one indexed
      // query and never an argon2 hash (decision 072).
      const ownerId = await resetLinkOwner(deps, body.email, body.token);
      if (ownerId === undefined) {
        const { key, limit } = wrongLinksPerEmail(body.email);
        const allowance = await limiter.hit(key, limit, resetWindowMs);
        if (!allowance.allowed) tooManyRequests(allowance);
        invalidLink();
      }
      const password_hash = await hashPassword(body.password);
      const changedId = await db.transaction(async (tx) => {
        const userId = await consumeOneTimeToken(tx, body.token, "reset_password", ownerId);
        if (userId === undefined) return undefined;
        await tx.update(users).set({ password_hash }).where(eq(users.id, userId));
        await revokeAllAccessTokens(tx, userId);
        return userId;
      });
      // A second click racing the first finds the link used.
      if (changedId === undefined) invalidLink();
      sessions.forgetUser(changedId);
      await forgetPasswordGuesses(limiter, body.email);
      return c.json({
        title: "Contraseña cambiada",
        message:
          "Tu contraseña se ha cambiado. Inicia sesión con la nueva en todos tus dispositivos.",
      });
    },
  );

  return router;
}

function invalidLink(): never {
  fail(400, {
    title: "Enlace no válido",
    message:
      "Este enlace para cambiar la contraseña no es válido, ya se usó o ha caducado. Pide uno nuevo.",
  });
}

/**
 * The account whose unused, unexpired reset link `token` is, if its e-mail is `email`. One
 * query of the same shape whether or not the account exists, looked up by the token's SHA-256
 * (an index probe on a value the sender cannot steer, so its timing tells nothing about stored
 * tokens); no string of the secret is compared character by character.
 */
async function resetLinkOwner(
  { db }: Pick<Dependencies, "db">,
  email: string,
  token: string,
): Promise<number | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const [row] = await db
    .select({ id: users.id })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.user_id))
    .where(
      and(
        eq(oneTimeTokens.token_hash, hashToken(token)),
        eq(oneTimeTokens.purpose, "reset_password"),
        isNull(oneTimeTokens.used_at),
        gt(oneTimeTokens.expires_at, new Date()),
        eq(sql`lower(${users.email})`, email),
      ),
    );
  return row?.id;
}

/** How often waiting reset requests are worked: later than any answer, soon for the reader. */
const defaultResetRequestTickMs = 1_000;

/**
 * Reset requests wait here and are worked on a timer of their own, one after another (decision
 * 072). The request path does the same for every address, a push onto this list, and the
 * answer leaves before any database work; the account holder's extra work (a token, a mail)
 * happens on the next tick among everyone else's, not right after the request that asked for
 * it, so the next request's speed tells nothing about the address. Requests still waiting when
 * the process stops are lost; the person asks again.
 */
function createResetRequestQueue(deps: Dependencies, tickMs: number) {
  const waiting: string[] = [];
  let working = false;
  const work = async () => {
    if (working) return;
    working = true;
    try {
      for (let email = waiting.shift(); email !== undefined; email = waiting.shift()) {
        await sendResetLink(deps, email).catch((error) =>
          log.error({ to: maskEmail(email), err: error }, "auth: password reset mail not queued"),
        );
      }
    } finally {
      working = false;
    }
  };
  setInterval(work, tickMs).unref();
  return { add: (email: string) => void waiting.push(email) };
}

async function sendResetLink(deps: Dependencies, email: string): Promise<void> {
  const account = await findUserByEmail(deps.db, email);
  if (!account) return;
  const token = await issueOneTimeToken(deps.db, account.id, "reset_password");
  await deps.mail.send(
    passwordResetMail(account, passwordResetLink(deps.env.APP_URL, account.email, token)),
  );
}
