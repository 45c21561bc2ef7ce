// The account screens' one form pattern: a <Form method="post"> whose clientAction posts to the
// API through postAccountForm, and a screen that reads its field errors and busy state with
// useAccountForm. SPEC §8's dialog for a refusal is api()'s; the fields are marked here.
import { redirect, useActionData, useNavigation } from "react-router";
import { fieldErrorsOf } from "~/components/form-field";
import { signedInMessage } from "../../content/account-fields";
import { ApiError, api } from "./api";
import { signIn } from "./auth";
import { showSuccess } from "./dialog";

export type FieldErrors = Record<string, string[]>;

/**
 * POSTs `body` to the API `path`; on success `then` says where to go (a redirect); a refusal
 * answers the 422 field map, so the form marks its fields and keeps what was typed.
 */
export async function postAccountForm<T>(
  path: string,
  body: Record<string, unknown>,
  then: (answer: T) => Response,
): Promise<Response | { errors: FieldErrors }> {
  try {
    return then(await api<T>("POST", path, body));
  } catch (error) {
    return { errors: fieldErrorsOf(error) };
  }
}

/**
 * An account screen's clientAction: `post` sends the submitted form (and the address's params)
 * with postToLogin or postAccountForm (sign-in and sign-up: signInAction).
 */
export function accountAction<Params>(
  post: (form: FormData, params: Params) => Promise<Response | { errors: FieldErrors }>,
) {
  return async ({ request, params }: { request: Request; params: Params }) =>
    post(await request.formData(), params);
}

/** The field errors the last submission answered, and whether one is in flight. */
export function useAccountForm(): { errors?: FieldErrors; pending: boolean } {
  const answer = useActionData() as { errors?: FieldErrors } | undefined;
  return { errors: answer?.errors, pending: useNavigation().state === "submitting" };
}

/** The named text fields of a submitted form ("" for a missing one). */
export function formTexts(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  );
}

/**
 * A reset link asked for or a new password set: POSTs `body` to `path`; on success the server's
 * message, then /login.
 */
export function postToLogin(
  path: "forgot-password" | "reset-password",
  body: Record<string, unknown>,
): Promise<Response | { errors: FieldErrors }> {
  return postAccountForm<{ title?: string; message?: string }>(path, body, (answer) => {
    void showSuccess(answer);
    return redirect("/login");
  });
}

/**
 * Sign-in's or sign-up's clientAction: POSTs the named text fields, and what `more` reads from the
 * form (a box ticked), to `path`; on success the session is kept, `announce` shows the server's
 * message (sign-up: look for the verification e-mail) and the user goes to their dashboard.
 */
export function signInAction(
  path: "login" | "register",
  texts: readonly string[],
  more: (form: FormData) => Record<string, unknown>,
  announce = false,
) {
  return accountAction((form) =>
    postAccountForm<AuthAnswer>(path, { ...formTexts(form, texts), ...more(form) }, (answer) => {
      signIn(answer.token, answer.user);
      if (announce) void showSuccess(answer);
      return redirect("/dashboard");
    }),
  );
}

interface AuthAnswer {
  title?: string;
  message?: string;
  token: string;
  user: import("./session").User;
  /** Staff only (decision 221): the id this browser keeps, to be told apart from new ones. */
  browser?: string;
}

/** The sign-in's code step (decision 220): the password was right, a code must follow. */
interface SecondFactorAnswer {
  two_factor: "code";
  challenge: string;
  message?: string;
}

/** What the sign-in screen shows after a submission: field errors, or the code's step. */
export type SignInState =
  | { errors?: FieldErrors; step?: undefined }
  | { step: "code"; challenge: string; remember: boolean; notice?: string; errors?: FieldErrors }
  | { step: "password"; notice: string };

const BROWSER_KEY = "staffBrowser";

/** The id this browser keeps for staff sign-ins, if the server ever gave it one. */
function staffBrowser(): string | undefined {
  try {
    return localStorage.getItem(BROWSER_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function keepStaffBrowser(id: string | undefined): void {
  if (!id) return;
  try {
    localStorage.setItem(BROWSER_KEY, id);
  } catch {
    // Without storage every sign-in is from a new browser: one more mail, nothing worse.
  }
}

/** Signed in: the session kept, the browser's id too, then the dashboard (SPEC §4). */
function signedIn(answer: AuthAnswer, announce: boolean): Response {
  signIn(answer.token, answer.user);
  keepStaffBrowser(answer.browser);
  if (announce) void showSuccess(answer);
  return redirect("/dashboard");
}

/**
 * /login's clientAction: the password step (SPEC §7's POST /api/login, the browser's id added),
 * then, for an account with a second factor, the code step with the challenge the first
 * answered (decision 220). A challenge that no longer serves sends the screen back to the
 * password with the server's words.
 */
export async function logInAction({
  request,
}: {
  request: Request;
}): Promise<Response | SignInState> {
  const form = await request.formData();
  const texts = formTexts(form, ["email", "password", "challenge", "code"]);
  const remember = form.get("remember") === "on" || form.get("remember") === "true";
  if (form.get("step") === "code") {
    try {
      const answer = await api<AuthAnswer>("POST", "login/two-factor", {
        challenge: texts.challenge,
        code: texts.code,
        browser: staffBrowser(),
      });
      // A recovery code's answer says how many are left: worth a dialog.
      return signedIn(answer, answer.message !== signedInMessage);
    } catch (error) {
      const body =
        error instanceof ApiError
          ? (error.body as { next_step?: string; message?: string })
          : undefined;
      if (body?.next_step === "sign_in_again") {
        return { step: "password", notice: body.message ?? "Vuelve a iniciar sesión." };
      }
      return {
        step: "code",
        challenge: texts.challenge ?? "",
        remember,
        errors: fieldErrorsOf(error),
      };
    }
  }
  try {
    const answer = await api<AuthAnswer | SecondFactorAnswer>("POST", "login", {
      email: texts.email,
      password: texts.password,
      remember,
      browser: staffBrowser(),
    });
    if ("two_factor" in answer) {
      return { step: "code", challenge: answer.challenge, remember, notice: answer.message };
    }
    return signedIn(answer, false);
  } catch (error) {
    return { errors: fieldErrorsOf(error) };
  }
}
