// /login (SPEC §2, outline): sign-in with e-mail, password and "remember"; then /dashboard.
import { Link } from "react-router";
import {
  AccountForm,
  EmailField,
  PasswordField,
  SubmitButton,
} from "~/components/account/form-controls";
import { signInAction, useAccountForm } from "~/lib/account-forms";
import { noindexMeta } from "~/lib/seo";
import { accountLabels } from "../../../content/account-fields";
import { accountPages } from "../../../content/account-pages";

export const meta = () => noindexMeta(accountPages.login);

export const clientAction = signInAction("login", ["email", "password"], (form) => ({
  remember: form.get("remember") === "on",
}));

export default function Login() {
  const { errors, pending } = useAccountForm();
  return (
    <AccountForm
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
      <EmailField required errors={errors} />
      <PasswordField
        label={accountLabels.password}
        name="password"
        required
        autoComplete="current-password"
        errors={errors}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-ink">
          <input type="checkbox" name="remember" className="size-4 accent-terracotta" />
          {accountLabels.remember}
        </label>
        <Link to="/forgot-password" className="font-medium text-terracotta-dark underline">
          ¿Olvidaste tu contraseña?
        </Link>
      </div>
      <SubmitButton pending={pending}>Iniciar sesión</SubmitButton>
    </AccountForm>
  );
}
