import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { issueAccessToken, revokeAccessToken } from "../auth/access-tokens.ts";
import {
  hashPassword,
  passwordSchema,
  verifyAgainstDummy,
  verifyPassword,
  withPasswordConfirmation,
} from "../auth/passwords.ts";
import { requireUser, withUser } from "../auth/session.ts";
import { loadUser, type UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { users } from "../db/schema.ts";
import { fail, failValidation, serializedJson } from "../http-errors.ts";
import { clientIp, throttle, tooManyRequests } from "../rate-limit/throttle.ts";
import type { Services } from "../services.ts";
import { validate } from "../validation.ts";
import { sendVerificationMail } from "./email-verification.ts";

const required = (field: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null
    ? `${field} es obligatorio.`
    : `${field} debe ser texto.`;

/** Trimmed and lower-cased, so "Ana@Example.com " and "ana@example.com" are one account. */
export const emailSchema = z
  .string({ error: required("El correo electrónico") })
  .trim()
  .toLowerCase()
  .min(1, { message: "El correo electrónico es obligatorio.", abort: true })
  .max(254, { message: "El correo electrónico es demasiado largo.", abort: true })
  .pipe(z.email({ message: "Escribe un correo electrónico válido." }));

const nameSchema = z
  .string({ error: required("El nombre") })
  .trim()
  .min(1, "El nombre es obligatorio.")
  .max(100, "El nombre no puede tener más de 100 caracteres.");

/** Unknown keys (role, email_verified_at, …) are dropped: a visitor can never choose them. */
const RegisterBody = withPasswordConfirmation({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});

const LoginBody = z.object({
  email: emailSchema,
  password: z.string({ error: required("La contraseña") }).min(1, "La contraseña es obligatoria."),
  remember: z.boolean({ error: "Indica sí o no en «Recordarme»." }).optional(),
});

/**
 * Sign-in limits (decision 073). Each is counted before the password is checked, so a parallel
 * burst cannot slip past; a sign-in that succeeds gives its counts back, so only failures add up.
 */
interface LoginCounter {
  key: string;
  limit: number;
  windowMs: number;
  /** The 429's message when it is not the usual one. */
  refusal?: (retryAfter: number) => string;
}

const loginLimits = {
  /** Laravel's: 5 per e-mail and address a minute; a success clears it. */
  emailAtAddress: (email: string, address: string): LoginCounter => ({
    key: `login:${email}|${address}`,
    limit: 5,
    windowMs: 60_000,
  }),
  /** One address trying many accounts (password spraying). */
  address: (address: string): LoginCounter => ({
    key: `login-ip:${address}`,
    limit: 30,
    windowMs: 10 * 60_000,
  }),
  /**
   * One account guessed from many addresses. Not counted at an address where the account has
   * signed in within 30 days, and lifted by a password reset: nobody can lock a customer out.
   * Kept for unknown e-mails alike, so it tells nobody who has an account.
   */
  account: (email: string): LoginCounter => ({
    key: `login-account:${email}`,
    limit: 20,
    windowMs: 15 * 60_000,
    refusal: (retryAfter) =>
      `Ha habido demasiados intentos fallidos de entrar en esta cuenta. Inténtalo de nuevo en ${Math.ceil(retryAfter / 60)} minutos, o cambia la contraseña con «¿Olvidaste tu contraseña?» para entrar ya.`,
  }),
  /** Addresses where the account signed in: one count is enough to be known. */
  knownAddress: (email: string, address: string): LoginCounter => ({
    key: `login-known:${email}|${address}`,
    limit: 1,
    windowMs: 30 * 24 * 60 * 60_000,
  }),
};

/** After a password reset the account's owner holds the password again: guesses are forgotten. */
export function forgetPasswordGuesses(limiter: Services["limiter"], email: string) {
  return limiter.reset(loginLimits.account(email).key);
}

/**
 * 10 sign-up attempts an hour from one address, whatever their outcome (decision 071): counted
 * before the form is even read, so a parallel burst cannot slip past, and refused attempts
 * count too, so asking "is this e-mail a customer?" costs one of the 10.
 */
const registerThrottle = { name: "register", limit: 10, windowMs: 60 * 60_000 };

export const duplicateEmailMessage = "Ya existe una cuenta con este correo electrónico.";

export function findUserByEmail(db: Database, email: string) {
  return db.query.users.findFirst({ where: eq(sql`lower(${users.email})`, email.toLowerCase()) });
}

/** POST /register, POST /login, GET /user, GET /logout (SPEC §7). */
export function createAuthRouter(services: Services) {
  const { db, limiter, sessions } = services;
  const router = new Hono();

  router.post(
    "/register",
    throttle(services, registerThrottle),
    validate(RegisterBody),
    async (c) => {
      const body = c.req.valid("json");
      if (await findUserByEmail(db, body.email)) failValidation({ email: [duplicateEmailMessage] });
      const user = await createGuestUser(db, body);
      await sendVerificationMail(services, user);
      const token = await issueAccessToken(db, user.id);
      return c.json(
        {
          title: "¡Bienvenido!",
          message: `Tu cuenta está creada. Te hemos enviado un correo a ${user.email} para confirmar tu dirección.`,
          user,
          token,
        },
        201,
      );
    },
  );

  router.post("/login", validate(LoginBody), async (c) => {
    const { email, password, remember } = c.req.valid("json");
    const address = clientIp(c, services.env);
    const known = loginLimits.knownAddress(email, address);
    const atKnownAddress = !(await limiter.peek(known.key, known.limit, known.windowMs)).allowed;
    const emailAtAddress = loginLimits.emailAtAddress(email, address);
    const givenBackOnSuccess = [
      loginLimits.address(address),
      ...(atKnownAddress ? [] : [loginLimits.account(email)]),
    ];
    for (const counter of [emailAtAddress, ...givenBackOnSuccess]) {
      const allowance = await limiter.hit(counter.key, counter.limit, counter.windowMs);
      if (!allowance.allowed) tooManyRequests(allowance, counter.refusal?.(allowance.retryAfter));
    }
    const account = await findUserByEmail(db, email);
    const valid = account
      ? await verifyPassword(account.password_hash, password)
      : await verifyAgainstDummy(password);
    if (!account || !valid) {
      fail(401, {
        title: "Error de Autenticación",
        message: "El correo electrónico o la contraseña no son correctos.",
      });
    }
    await limiter.reset(emailAtAddress.key);
    for (const { key } of givenBackOnSuccess) await limiter.forgive(key);
    await limiter.hit(known.key, known.limit, known.windowMs);
    const token = await issueAccessToken(db, account.id, { remember });
    const user = await loadUser(db, account.id);
    return c.json({
      title: "¡Hola de nuevo!",
      message: "Has iniciado sesión correctamente.",
      user,
      token,
    });
  });

  router.get(
    "/user",
    withUser(services, (_c, user) => serializedJson(userAnswer(user))),
  );

  router.get("/logout", requireUser(services), async (c) => {
    await revokeAccessToken(db, c.var.tokenHash);
    sessions.forgetToken(c.var.tokenHash);
    return c.json({ title: "Sesión cerrada", message: "Has cerrado sesión. ¡Hasta pronto!" });
  });

  return router;
}

/**
 * GET /user's body, made once per user object: the session cache hands out the same object
 * for as long as it remembers a session and a new one after any change, so the text is never
 * stale. Every page a signed-in visitor opens asks for it, and serializing it each time was a
 * tenth of the request's instructions (decision 065).
 */
const userAnswers = new WeakMap<UserView, string>();
function userAnswer(user: UserView): string {
  let answer = userAnswers.get(user);
  if (answer === undefined) {
    answer = JSON.stringify({ user });
    userAnswers.set(user, answer);
  }
  return answer;
}

/**
 * New accounts are always unverified guests. The unique index on lower(email) settles two
 * registrations racing with the same address: the loser gets the same 422 as a late comer.
 */
async function createGuestUser(
  db: Database,
  body: { name: string; email: string; password: string },
): Promise<UserView> {
  const password_hash = await hashPassword(body.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: body.name,
        email: body.email,
        password_hash,
        role_id: sql`(select id from roles where name = 'guest_user')`,
      })
      .returning({ id: users.id });
    const user = row && (await loadUser(db, row.id));
    if (!user) throw new Error("The new user could not be read back");
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) failValidation({ email: [duplicateEmailMessage] });
    throw error;
  }
}
