// The account screens' one form pattern: a <Form method="post"> whose clientAction posts to the
// API through postAccountForm, and a screen that reads its field errors and busy state with
// useAccountForm. SPEC §8's dialog for a refusal is api()'s; the fields are marked here.
import { redirect, useActionData, useNavigation } from "react-router";
import { fieldErrorsOf } from "~/components/form-field";
import { api } from "./api";
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
}
