import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { revokeAllAccessTokens } from "../auth/access-tokens.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "../auth/one-time-tokens.ts";
import { hashPassword, passwordSchema, withPasswordConfirmation } from "../auth/passwords.ts";
import { users } from "../db/schema.ts";
import { fail } from "../http-errors.ts";
import { log, maskEmail, safeError } from "../log.ts";
import { passwordResetMail } from "../mail/password-reset-mail.ts";
import { clientIp, tooManyRequests } from "../rate-limit/throttle.ts";
import type { Services } from "../services.ts";
import { validate } from "../validation.ts";
import { emailSchema, findUserByEmail } from "./auth.ts";

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

const ForgotBody = z.object({ email: emailSchema });

const ResetBody = withPasswordConfirmation({
  email: emailSchema,
  password: passwordSchema,
  token: z.string({ error: "Falta el código del enlace." }).min(1, "Falta el código del enlace."),
});

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

/** POST /forgot-password and POST /reset-password (SPEC §7). */
export function createPasswordResetRouter(services: Services) {
  const { db, limiter, sessions } = services;
  const router = new Hono();

  router.post("/forgot-password", validate(ForgotBody), async (c) => {
    const { email } = c.req.valid("json");
    for (const { key, limit } of forgotThrottles(email, clientIp(c, services.env))) {
      const allowance = await limiter.hit(key, limit, forgotWindowMs);
      if (!allowance.allowed) tooManyRequests(allowance);
    }
    // Not awaited: the answer leaves as fast for a stranger as for an account holder.
    sendResetLink(services, email).catch((error) =>
      log.error(
        { to: maskEmail(email), err: safeError(error) },
        "auth: password reset mail not queued",
      ),
    );
    return c.json(resetRequested);
  });

  router.post("/reset-password", validate(ResetBody), async (c) => {
    const body = c.req.valid("json");
    const account = await findUserByEmail(db, body.email);
    const password_hash = await hashPassword(body.password);
    const changedId =
      account &&
      (await db.transaction(async (tx) => {
        const userId = await consumeOneTimeToken(tx, body.token, "reset_password", account.id);
        if (userId === undefined) return undefined;
        await tx.update(users).set({ password_hash }).where(eq(users.id, userId));
        await revokeAllAccessTokens(tx, userId);
        return userId;
      }));
    if (changedId === undefined) {
      fail(400, {
        title: "Enlace no válido",
        message:
          "Este enlace para cambiar la contraseña no es válido, ya se usó o ha caducado. Pide uno nuevo.",
      });
    }
    sessions.forgetUser(changedId);
    return c.json({
      title: "Contraseña cambiada",
      message: "Tu contraseña es nueva. Inicia sesión con ella en todos tus dispositivos.",
    });
  });

  return router;
}

async function sendResetLink(services: Services, email: string): Promise<void> {
  const account = await findUserByEmail(services.db, email);
  if (!account) return;
  const token = await issueOneTimeToken(services.db, account.id, "reset_password");
  await services.mail.send(
    passwordResetMail(account, passwordResetLink(services.env.APP_URL, account.email, token)),
  );
}
