// /register (SPEC §2, outline): sign-up; on success the user is signed in and goes to /dashboard.
import { Form, Link, redirect } from "react-router";
import {
  AccountPanel,
  CheckboxField,
  PasswordField,
  RequiredNote,
  SubmitButton,
  TextField,
} from "~/components/account/form-controls";
import { type AuthAnswer, formText, postAccountForm, useAccountForm } from "~/lib/account-forms";
import { signIn } from "~/lib/auth";
import { showSuccess } from "~/lib/dialog";
import { noindexMeta } from "~/lib/seo";
import { accountPages } from "../../../content/account-pages";
import type { Route } from "./+types/register";

export const meta = () => noindexMeta(accountPages.register);

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  return postAccountForm<AuthAnswer>(
    "register",
    {
      name: formText(form, "name"),
      email: formText(form, "email"),
      password: formText(form, "password"),
      password_confirmation: formText(form, "password_confirmation"),
    },
    (answer) => {
      signIn(answer.token, answer.user);
      // Tells the new user to look for the verification e-mail.
      void showSuccess(answer);
      return redirect("/dashboard");
    },
  );
}

export default function Register() {
  const { errors, pending } = useAccountForm();
  return (
    <AccountPanel
      title="Crear cuenta"
      intro={
        <>
          ¿Ya tienes cuenta?{" "}
          <Link to="/login" className="font-medium text-terracotta-dark underline">
            Inicia sesión
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-4">
        <RequiredNote />
        <TextField
          label="Nombre de usuario"
          name="name"
          required
          autoComplete="username"
          errors={errors}
        />
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
          autoComplete="new-password"
          errors={errors}
        />
        <PasswordField
          label="Confirmar contraseña"
          name="password_confirmation"
          required
          autoComplete="new-password"
          errors={errors}
        />
        <CheckboxField name="terms" required>
          He leído y acepto los{" "}
          <a
            href="/terms-and-conditions"
            target="_blank"
            rel="noopener"
            className="font-medium text-terracotta-dark underline"
          >
            términos y condiciones
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>{" "}
          y la{" "}
          <a
            href="/privacy-and-politics"
            target="_blank"
            rel="noopener"
            className="font-medium text-terracotta-dark underline"
          >
            política de privacidad
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        </CheckboxField>
        <SubmitButton pending={pending}>Crear cuenta</SubmitButton>
      </Form>
    </AccountPanel>
  );
}
