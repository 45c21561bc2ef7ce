import type { Dependencies } from "../dependencies.ts";

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

export const loginLimits = {
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
export function forgetPasswordGuesses(limiter: Dependencies["limiter"], email: string) {
  return limiter.reset(loginLimits.account(email).key);
}

/**
 * The second factor's code (decision 220), counted like the password's: before the code is
 * checked, given back when it is right. Only someone who has the password gets this far, so the
 * account's counter has no exception for known addresses: a stranger cannot run it down.
 */
export const secondFactorLimits = {
  /** Wrong codes for one account from anywhere, sign-in and enrolment alike. */
  account: (userId: number): LoginCounter => ({
    key: `second-factor:${userId}`,
    limit: 10,
    windowMs: 15 * 60_000,
    refusal: (retryAfter) =>
      `Ha habido demasiados códigos incorrectos para esta cuenta. Inténtalo de nuevo en ${Math.ceil(retryAfter / 60)} minutos.`,
  }),
  /** Codes from one address across all accounts. */
  address: (address: string): LoginCounter => ({
    key: `second-factor-ip:${address}`,
    limit: 30,
    windowMs: 10 * 60_000,
  }),
};
