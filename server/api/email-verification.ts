import { and, eq, isNull, sql } from "drizzle-orm";
import { Hono } from "hono";
import { consumeOneTimeToken } from "../auth/one-time-tokens.ts";
import { requireUser, signedInUser } from "../auth/session.ts";
import { contacts, users } from "../db/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail } from "../http-errors.ts";
import { tooManyRequests } from "../rate-limit/throttle.ts";
import { sendVerificationMail } from "../users/verification.ts";

/** Enough for a lost or late mail; too few to turn the site into a mail cannon. */
const resendThrottle = { limit: 3, windowMs: 10 * 60_000 };

/** GET /verify-email/:token and GET /email/resend (SPEC §7). */
export function createEmailVerificationRouter(deps: Dependencies) {
  const { db, limiter, sessions } = deps;
  const router = new Hono();

  /**
   * Anyone may open a link: a person signed in as somebody else (a shared computer, a forwarded
   * mail) verifies the link's address, not their own. The answer says "your e-mail" only to the
   * account it verified (`yours`), and never names the address (decision 054).
   */
  router.get("/verify-email/:token", async (c) => {
    const viewer = await signedInUser(c, deps);
    const verifiedId = await db.transaction(async (tx) => {
      const userId = await consumeOneTimeToken(tx, c.req.param("token"), "verify_email");
      if (userId === undefined) return undefined;
      const [verified] = await tx
        .update(users)
        .set({ email_verified_at: sql`coalesce(${users.email_verified_at}, now())` })
        .where(eq(users.id, userId))
        .returning({ email: users.email });
      // The requests sent signed out from the address just proven this account's are its own
      // from now on («Mis solicitudes», decision 263); never one already another's or erased.
      if (verified) {
        await tx
          .update(contacts)
          .set({ user_id: userId })
          .where(
            and(
              isNull(contacts.user_id),
              isNull(contacts.erased_at),
              sql`lower(${contacts.email}) = lower(${verified.email})`,
            ),
          );
      }
      return userId;
    });
    if (verifiedId === undefined) {
      fail(400, {
        title: "Enlace no válido",
        message:
          "Este enlace de verificación no es válido, ya se usó o ha caducado. Si ya verificaste tu correo, solo tienes que iniciar sesión; si no, pide un enlace nuevo desde tu panel.",
      });
    }
    sessions.forgetUser(verifiedId);
    const yours = viewer?.id === verifiedId;
    return c.json({
      title: "Correo verificado",
      message: yours
        ? "Tu correo electrónico está confirmado. ¡Gracias!"
        : "El correo electrónico de este enlace está confirmado. ¡Gracias!",
      yours,
    });
  });

  router.get("/email/resend", requireUser(deps), async (c) => {
    const user = c.var.user;
    if (user.email_verified_at) {
      fail(400, {
        title: "Correo ya verificado",
        message: "Tu correo electrónico ya está confirmado; no hace falta otro enlace.",
      });
    }
    const allowance = await limiter.hit(
      `verify-resend:${user.id}`,
      resendThrottle.limit,
      resendThrottle.windowMs,
    );
    if (!allowance.allowed) tooManyRequests(allowance);
    await sendVerificationMail(deps, user);
    return c.json({
      title: "Correo enviado",
      message: `Te hemos enviado un nuevo enlace de verificación a ${user.email}. Caduca en 60 minutos.`,
    });
  });

  return router;
}
