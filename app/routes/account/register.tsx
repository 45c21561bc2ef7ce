// /register (SPEC §2, outline): sign-up; on success the user is signed in and goes to /dashboard.
import { Link } from "react-router";
import {
  AccountForm,
  CheckboxField,
  EmailField,
  NewPasswordFields,
  SubmitButton,
  TextField,
} from "~/components/account/form-controls";
import { signInAction, useAccountForm } from "~/lib/account-forms";
import { noindexMeta, type PageMatches } from "~/lib/seo";
import { accountLabels, termsVersion } from "../../../content/account-fields";
import { accountPages, accountPurpose } from "../../../content/account-pages";

export const meta = ({ matches }: { matches: PageMatches }) =>
  noindexMeta(accountPages.register, matches);

// The answer's message tells the new user to look for the verification e-mail. SPEC §7's
// four fields, plus the ticked terms box and the version of the texts it accepts, which the
// server keeps with the account as proof (decision 167).
export const clientAction = signInAction(
  "register",
  ["name", "email", "password", "password_confirmation"],
  (form) => ({ terms: form.get("terms") !== null, terms_version: termsVersion }),
  true,
);

/** The legal texts open beside the form, so that nothing typed is lost. */
function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="font-medium text-terracotta-dark underline"
    >
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

export default function Register() {
  const { errors, pending } = useAccountForm();
  return (
    <AccountForm
      title="Crear cuenta"
      intro={
        <>
          {/* What an account is for (issue 36; decision 267). */}
          <p>{accountPurpose}</p>
          <p className="mt-2">
            ¿Ya tienes cuenta?{" "}
            <Link to="/login" className="font-medium text-terracotta-dark underline">
              Inicia sesión
            </Link>
          </p>
        </>
      }
    >
      <TextField
        label="Nombre de usuario"
        name="name"
        required
        autoComplete="username"
        errors={errors}
      />
      <EmailField required errors={errors} />
      <NewPasswordFields label={accountLabels.password} errors={errors} />
      <CheckboxField name="terms" required messages={errors?.terms}>
        He leído y acepto los{" "}
        <NewTabLink href="/terms-and-conditions">términos y condiciones</NewTabLink> y la{" "}
        <NewTabLink href="/privacy-and-politics">política de privacidad</NewTabLink>
      </CheckboxField>
      <SubmitButton pending={pending}>Crear cuenta</SubmitButton>
    </AccountForm>
  );
}
