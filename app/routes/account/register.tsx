// /register (SPEC §2, outline): sign-up; on success the user is signed in and goes to /dashboard.
import { Form, Link } from "react-router";
import {
  AccountPanel,
  CheckboxField,
  EmailField,
  NewPasswordFields,
  RequiredNote,
  SubmitButton,
  TextField,
} from "~/components/account/form-controls";
import { formTexts, postSignIn, useAccountForm } from "~/lib/account-forms";
import { noindexMeta } from "~/lib/seo";
import { accountLabels } from "../../../content/account-fields";
import { accountPages } from "../../../content/account-pages";
import type { Route } from "./+types/register";

export const meta = () => noindexMeta(accountPages.register);

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  // The answer's message tells the new user to look for the verification e-mail.
  return postSignIn(
    "register",
    formTexts(form, ["name", "email", "password", "password_confirmation"]),
    true,
  );
}

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
        <EmailField required errors={errors} />
        <NewPasswordFields label={accountLabels.password} errors={errors} />
        <CheckboxField name="terms" required messages={errors?.terms}>
          He leído y acepto los{" "}
          <NewTabLink href="/terms-and-conditions">términos y condiciones</NewTabLink> y la{" "}
          <NewTabLink href="/privacy-and-politics">política de privacidad</NewTabLink>
        </CheckboxField>
        <SubmitButton pending={pending}>Crear cuenta</SubmitButton>
      </Form>
    </AccountPanel>
  );
}
