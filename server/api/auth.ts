import { Hono } from "hono";
import { z } from "zod";
import { errorTitles } from "../../content/errors.ts";
import { issueAccessToken, revokeAccessToken } from "../auth/access-tokens.ts";
import {
  passwordSchema,
  verifyAgainstDummy,
  verifyPassword,
  withPasswordConfirmation,
} from "../auth/passwords.ts";
import { requireUser, withUser } from "../auth/session.ts";
import { loadUser, type UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail, failValidation, serializedJson } from "../http-errors.ts";
import { clientKey } from "../rate-limit/client-address.ts";
import { throttle, tooManyRequests } from "../rate-limit/throttle.ts";
import {
  accountFields,
  duplicateEmailMessage,
  findUserByEmail,
  termsFields,
} from "../users/account-fields.ts";
import { createUser, UserInputError } from "../users/create-user.ts";
import { loginLimits } from "../users/sign-in-limits.ts";
import { sendVerificationMail } from "../users/verification.ts";
import { validate } from "../validation.ts";

/** Unknown keys (role, email_verified_at, …) are dropped: a visitor can never choose them. */
const RegisterBody = withPasswordConfirmation({
  name: accountFields.name.input,
  email: accountFields.email.input,
  password: passwordSchema,
  ...termsFields,
});

const LoginBody = z.object({
  email: accountFields.email.input,
  password: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "La contraseña es obligatoria."
          : "La contraseña debe ser texto.",
    })
    .min(1, "La contraseña es obligatoria."),
  remember: z.boolean({ error: "Indica sí o no en «Recordarme»." }).optional(),
});

/**
 * 10 sign-up attempts an hour from one address, whatever their outcome (decision 071): counted
 * before the form is even read, so a parallel burst cannot slip past, and refused attempts
 * count too, so asking "is this e-mail a customer?" costs one of the 10.
 */
const registerThrottle = { name: "register", limit: 10, windowMs: 60 * 60_000 };

/** POST /register, POST /login, GET /user, GET /logout (SPEC §7). */
export function createAuthRouter(deps: Dependencies) {
  const { db, limiter, sessions } = deps;
  const router = new Hono();

  router.post("/register", throttle(deps, registerThrottle), validate(RegisterBody), async (c) => {
    const body = c.req.valid("json");
    if (await findUserByEmail(db, body.email)) failValidation({ email: [duplicateEmailMessage] });
    const user = await createGuestUser(db, {
      name: body.name,
      email: body.email,
      password: body.password,
      // The moment the server took the form, and the version it showed (decision 167).
      ...(body.terms === true ? { termsVersion: body.terms_version } : {}),
    });
    await sendVerificationMail(deps, user);
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
  });

  router.post("/login", validate(LoginBody), async (c) => {
    const { email, password, remember } = c.req.valid("json");
    const address = clientKey(c, deps.env);
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
        title: errorTitles.authentication,
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
    withUser(deps, (_c, user) => serializedJson(userAnswer(user))),
  );

  router.get("/logout", requireUser(deps), async (c) => {
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

/** New accounts are always unverified guests, made by the one createUser. */
async function createGuestUser(
  db: Database,
  body: { name: string; email: string; password: string; termsVersion?: string },
): Promise<UserView> {
  try {
    const { id } = await createUser(db, { ...body, role: "guest_user", verified: false });
    const user = await loadUser(db, id);
    if (!user) throw new Error("The new user could not be read back");
    return user;
  } catch (error) {
    if (error instanceof UserInputError) failValidation(error.errors);
    throw error;
  }
}
