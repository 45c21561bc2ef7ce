import { type Context, Hono } from "hono";
import { z } from "zod";
import { recordAudit } from "../audit-log.ts";
import { closeOtherSessions } from "../auth/access-tokens.ts";
import { type AuthEnv, requireUser, requireVerified } from "../auth/session.ts";
import {
  beginEnrolment,
  confirmEnrolment,
  otpauthUri,
  qrSvg,
  recoveryCodesLeft,
  removeSecondFactor,
  replaceRecoveryCodes,
  secondFactorDue,
  takeSecondFactorCode,
  twoFactorRoles,
} from "../auth/two-factor.ts";
import type { UserView } from "../auth/user-view.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail, failValidation } from "../http-errors.ts";
import {
  type SecondFactorChange,
  secondFactorChangedMail,
} from "../mail/account-security-mails.ts";
import { tooManyRequests } from "../rate-limit/throttle.ts";
import { secondFactorLimits } from "../users/sign-in-limits.ts";
import { jsonBodyOf, validated } from "../validation.ts";

const CodeBody = z.object({
  code: z
    .string({ error: "Escribe el código." })
    .trim()
    .min(1, "Escribe el código.")
    .max(64, "El código no es correcto."),
});

const wrongCode =
  "El código no es correcto o ya se ha usado. Escribe el que muestra ahora tu aplicación.";

/**
 * A staff member's own second factor (decision 220): its state, enrolment (a secret and its QR
 * code, then the first code back), new recovery codes, and removal. Verified staff only (401
 * signed out, 403 otherwise), and the account's own: nobody sets up or removes another's (the
 * operator resets a lost one from the command line).
 */
export function createTwoFactorRouter(deps: Dependencies) {
  const { db, limiter, sessions } = deps;
  const router = new Hono<AuthEnv>();
  router.use("*", requireUser(deps));

  router.get("/", async (c) => {
    const user = staffMember(c);
    const state = user.two_factor ?? { enabled: false, required_from: null, required: false };
    return c.json({
      ...state,
      recovery_codes_left: state.enabled ? await recoveryCodesLeft(db, user.id) : 0,
    });
  });

  router.post("/setup", async (c) => {
    const user = staffMember(c);
    const secret = await beginEnrolment(db, user.id);
    if (!secret) {
      fail(409, {
        title: "Ya está activada",
        message:
          "Tu cuenta ya tiene la verificación en dos pasos. Para cambiar de móvil, desactívala y vuelve a activarla.",
      });
    }
    const uri = otpauthUri(user.email, secret);
    return c.json({ secret, otpauth_uri: uri, qr_svg: qrSvg(uri) });
  });

  /** The first code confirms enrolment; every other session of the account is closed. */
  router.post("/confirm", async (c) => {
    const user = staffMember(c);
    const { code } = await codeOf(c);
    await countCode(user);
    const codes = await confirmEnrolment(db, user.id, code);
    if (!codes) failValidation({ code: [wrongCode] });
    await limiter.forgive(secondFactorLimits.account(user.id).key);
    const closed = await db.transaction(async (tx) => {
      await recordAudit(tx, user, auditEntry(user, "two_factor_enrol"));
      return closeOtherSessions(tx, user.id, c.var.tokenHash);
    });
    forget(user, closed);
    await tell(user, "enrolled");
    return c.json({
      title: "Verificación en dos pasos activada",
      message:
        "Desde ahora, al entrar te pediremos un código de tu aplicación. Guarda estos códigos de recuperación: cada uno sirve una sola vez si no tienes el móvil a mano. Hemos cerrado tus demás sesiones.",
      recovery_codes: codes,
    });
  });

  /** Ten new recovery codes, for a code from the app (not a recovery code: they are what runs out). */
  router.post("/recovery-codes", async (c) => {
    const user = enrolledMember(c);
    const { code } = await codeOf(c);
    await countCode(user);
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) {
      failValidation({ code: ["Escribe el código de 6 cifras de tu aplicación."] });
    }
    const taken = await takeSecondFactorCode(db, user.id, code);
    if (!taken.taken) failValidation({ code: [wrongCode] });
    await limiter.forgive(secondFactorLimits.account(user.id).key);
    const codes = await db.transaction(async (tx) => {
      await recordAudit(tx, user, auditEntry(user, "recovery_codes"));
      return replaceRecoveryCodes(tx, user.id);
    });
    await tell(user, "codes");
    return c.json({
      title: "Códigos de recuperación nuevos",
      message: "Los anteriores han dejado de servir. Guarda estos en un lugar seguro.",
      recovery_codes: codes,
    });
  });

  /** Removal by its owner, with a code, while the role does not require it. */
  router.post("/disable", async (c) => {
    const user = enrolledMember(c);
    const { code } = await codeOf(c);
    if (twoFactorRoles.includes(user.roles[0]?.name ?? "") && secondFactorDue(deps.env)) {
      fail(403, {
        title: "Es obligatoria",
        message:
          "Tu rol necesita la verificación en dos pasos. Si has cambiado de móvil, pide a quien administra el servidor que la restablezca.",
      });
    }
    await countCode(user);
    const taken = await takeSecondFactorCode(db, user.id, code);
    if (!taken.taken) failValidation({ code: [wrongCode] });
    await limiter.forgive(secondFactorLimits.account(user.id).key);
    await db.transaction(async (tx) => {
      await removeSecondFactor(tx, user.id);
      await recordAudit(tx, user, auditEntry(user, "two_factor_remove"));
    });
    sessions.forgetUser(user.id);
    await tell(user, "removed");
    return c.json({
      title: "Verificación en dos pasos desactivada",
      message: "Tu cuenta vuelve a pedir solo la contraseña.",
    });
  });

  /** The body's code, checked after the caller (a stranger learns nothing from a 422). */
  async function codeOf(c: Context) {
    return validated(CodeBody, await jsonBodyOf(c));
  }

  /** Every code counts against the account, right or wrong, before it is checked (decision 073). */
  async function countCode(user: UserView) {
    const counter = secondFactorLimits.account(user.id);
    const allowance = await limiter.hit(counter.key, counter.limit, counter.windowMs);
    if (!allowance.allowed) tooManyRequests(allowance, counter.refusal?.(allowance.retryAfter));
  }

  function forget(user: UserView, closed: string[]) {
    sessions.forgetUser(user.id);
    for (const hash of closed) sessions.forgetToken(hash);
  }

  function tell(user: UserView, change: SecondFactorChange) {
    return deps.mail.send(secondFactorChangedMail(user, change, new Date()));
  }

  return router;
}

/** Verified staff (a role that enters the admin, or an account that has a second factor). */
function staffMember(c: Context<AuthEnv>): UserView {
  const user = c.var.user;
  requireVerified(user);
  if (!user.two_factor) {
    fail(403, {
      title: "Acceso denegado",
      message: "La verificación en dos pasos es para las cuentas del equipo.",
    });
  }
  return user;
}

/** Staff whose second factor is on (409 otherwise: there is nothing to change). */
function enrolledMember(c: Context<AuthEnv>): UserView {
  const user = staffMember(c);
  if (!user.two_factor?.enabled) {
    fail(409, {
      title: "No está activada",
      message: "Tu cuenta no tiene la verificación en dos pasos activada.",
    });
  }
  return user;
}

function auditEntry(
  user: UserView,
  action: "two_factor_enrol" | "two_factor_remove" | "recovery_codes",
) {
  return { action, resource: "users", recordId: user.id, recordTitle: user.name };
}
