import { type Context, Hono } from "hono";
import { z } from "zod";
import { signedInMessage } from "../../content/account-fields.ts";
import { errorTitles } from "../../content/errors.ts";
import { issueAccessToken, revokeAccessToken } from "../auth/access-tokens.ts";
import { describeBrowser, recogniseBrowser } from "../auth/browsers.ts";
import {
  challengeLifetimeMs,
  countWrongCode,
  issueChallenge,
  liveChallenge,
  spendChallenge,
} from "../auth/login-challenges.ts";
import {
  passwordSchema,
  verifyAgainstDummy,
  verifyPassword,
  withPasswordConfirmation,
} from "../auth/passwords.ts";
import { requireUser, withUser } from "../auth/session.ts";
import {
  confirmedSecret,
  recoveryCodesLeft,
  type TwoFactorPolicy,
  takeSecondFactorCode,
} from "../auth/two-factor.ts";
import { loadUser, type UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail, failValidation, serializedJson } from "../http-errors.ts";
import { newBrowserMail } from "../mail/account-security-mails.ts";
import { clientIp, clientKey } from "../rate-limit/client-address.ts";
import { throttle, tooManyRequests } from "../rate-limit/throttle.ts";
import {
  accountFields,
  duplicateEmailMessage,
  findUserByEmail,
  termsFields,
} from "../users/account-fields.ts";
import { createUser, UserInputError } from "../users/create-user.ts";
import { loginLimits, secondFactorLimits } from "../users/sign-in-limits.ts";
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
  /**
   * Additive (decision 221): the id a staff member's browser keeps, to tell a browser seen
   * before from a new one. Anything but a valid id is no id: a new one is given.
   */
  browser: z.string().optional().catch(undefined),
});

/** The sign-in's second step (decision 220): the challenge the login answered, and the code. */
const SecondFactorBody = z.object({
  challenge: z
    .string({ error: "Falta el paso de verificación; vuelve a iniciar sesión." })
    .max(200, "El paso de verificación no es válido; vuelve a iniciar sesión."),
  code: z
    .string({ error: "Escribe el código." })
    .trim()
    .min(1, "Escribe el código.")
    .max(64, "El código no es correcto."),
  browser: z.string().optional().catch(undefined),
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
    const user = await createGuestUser(db, deps.env, {
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
    // With a second factor, the password opens only the code's step (decision 220): no user,
    // no token, a challenge that lives minutes and is used once. SPEC §7's answer is unchanged
    // for every account without one.
    if (await confirmedSecret(db, account.id)) {
      const challenge = await issueChallenge(db, account.id, { remember: remember === true });
      return c.json({
        title: "Falta un paso",
        message: "Escribe el código de 6 cifras de tu aplicación de autenticación.",
        two_factor: "code",
        challenge,
        expires_in: challengeLifetimeMs / 1000,
      });
    }
    return completeSignIn(c, account.id, { remember, browser: c.req.valid("json").browser });
  });

  /**
   * POST /login/two-factor (decision 220): the code from the app, or a recovery code, with the
   * challenge the login answered; then SPEC §7's user and token. Counted per address before the
   * challenge is read and per account before the code is, like the password (decision 073); a
   * wrong code also spends one of the challenge's attempts.
   */
  router.post("/login/two-factor", validate(SecondFactorBody), async (c) => {
    const { challenge: sent, code, browser } = c.req.valid("json");
    const fromAddress = secondFactorLimits.address(clientKey(c, deps.env));
    await count(fromAddress);
    const challenge = await liveChallenge(db, sent);
    if (!challenge) signInAgain();
    const forAccount = secondFactorLimits.account(challenge.user_id);
    await count(forAccount);
    const result = await takeSecondFactorCode(db, challenge.user_id, code);
    if (!result.taken) {
      await countWrongCode(db, challenge.id);
      fail(401, {
        title: errorTitles.authentication,
        message:
          "El código no es correcto o ya se ha usado. Escribe el que muestra ahora tu aplicación, o un código de recuperación sin usar.",
      });
    }
    if (!(await spendChallenge(db, challenge.id))) signInAgain();
    for (const { key } of [fromAddress, forAccount]) await limiter.forgive(key);
    const left = result.kind === "recovery" ? await recoveryCodesLeft(db, challenge.user_id) : 0;
    return completeSignIn(c, challenge.user_id, {
      remember: challenge.remember,
      browser,
      ...(result.kind === "recovery"
        ? {
            message: `Has entrado con un código de recuperación; te quedan ${left}. Crea códigos nuevos en «Seguridad de la cuenta» antes de que se acaben.`,
          }
        : {}),
    });
  });

  async function count(counter: ReturnType<typeof secondFactorLimits.address>) {
    const allowance = await limiter.hit(counter.key, counter.limit, counter.windowMs);
    if (!allowance.allowed) tooManyRequests(allowance, counter.refusal?.(allowance.retryAfter));
  }

  /**
   * The end of every sign-in: a token (with the browser in words, for the session list), and
   * for staff the browser's id, with a mail when this browser is new to the account (decision
   * 221). SPEC §7's answer: title, message, user, token.
   */
  async function completeSignIn(
    c: Context,
    userId: number,
    options: { remember?: boolean; browser?: string; message?: string },
  ) {
    const user = await loadUser(db, userId, deps.env);
    if (!user) throw new Error("The signed-in user could not be read back");
    const words = describeBrowser(c.req.header("user-agent"));
    const token = await issueAccessToken(db, userId, {
      remember: options.remember,
      browser: words,
    });
    let browser: string | undefined;
    if (user.two_factor) {
      const seen = await recogniseBrowser(db, userId, options.browser);
      browser = seen.id;
      if (seen.isNew) {
        await deps.mail.send(
          newBrowserMail(user, {
            at: new Date(),
            browser: words,
            address: clientIp(c, deps.env),
            appUrl: deps.env.APP_URL,
          }),
        );
      }
    }
    return c.json({
      title: "¡Hola de nuevo!",
      message: options.message ?? signedInMessage,
      user,
      token,
      ...(browser ? { browser } : {}),
    });
  }

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

/** A challenge unknown, expired, used or out of attempts: back to the password. */
function signInAgain(): never {
  fail(401, {
    title: errorTitles.authentication,
    message:
      "Este paso de verificación ha caducado o ya no sirve. Vuelve a iniciar sesión con tu contraseña.",
    next_step: "sign_in_again",
  });
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
  policy: TwoFactorPolicy,
  body: { name: string; email: string; password: string; termsVersion?: string },
): Promise<UserView> {
  try {
    const { id } = await createUser(db, { ...body, role: "guest_user", verified: false });
    const user = await loadUser(db, id, policy);
    if (!user) throw new Error("The new user could not be read back");
    return user;
  } catch (error) {
    if (error instanceof UserInputError) failValidation(error.errors);
    throw error;
  }
}
