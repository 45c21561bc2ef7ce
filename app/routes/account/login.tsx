// /login (SPEC §2, outline): sign-in with e-mail, password and "remember"; then /dashboard.
import { Form, Link, redirect } from "react-router";
import {
  AccountPanel,
  PasswordField,
  RequiredNote,
  SubmitButton,
  TextField,
} from "~/components/account/form-controls";
import { type AuthAnswer, formText, postAccountForm, useAccountForm } from "~/lib/account-forms";
import { signIn } from "~/lib/auth";
import { noindexMeta } from "~/lib/seo";
import { accountPages } from "../../../content/account-pages";
import type { Route } from "./+types/login";

export const meta = () => noindexMeta(accountPages.login);

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  return postAccountForm<AuthAnswer>(
    "login",
    {
      email: formText(form, "email"),
      password: formText(form, "password"),
      remember: form.get("remember") === "on",
    },
    (answer) => {
      signIn(answer.token, answer.user);
      return redirect("/dashboard");
    },
  );
}

export default function Login() {
  const { errors, pending } = useAccountForm();
  return (
    <AccountPanel
      title="Iniciar sesión"
      intro={
        <>
          ¿Aún no tienes cuenta?{" "}
          <Link to="/register" className="font-medium text-terracotta-dark underline">
            Regístrate
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-4">
        <RequiredNote />
        <TextField
          label="Correo electrónico"
          name="email"
          type="email"
          required
          autoComplete="email"
          errors={errors}
        />
        <PasswordField
          label="Contraseña"
          name="password"
          required
          autoComplete="current-password"
          errors={errors}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-ink">
            <input type="checkbox" name="remember" className="size-4 accent-terracotta" />
            Recordarme
          </label>
          <Link to="/forgot-password" className="font-medium text-terracotta-dark underline">
            ¿Olvidaste tu contraseña?
          </Link>
        </div>
        <SubmitButton pending={pending}>Iniciar sesión</SubmitButton>
      </Form>
    </AccountPanel>
  );
}
