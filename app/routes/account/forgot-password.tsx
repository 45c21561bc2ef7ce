// /forgot-password (SPEC §2, outline): asks for a reset link; the answer is the same whether or
// not the account exists, shown as a success message, then /login.
import { Form, Link } from "react-router";
import {
  AccountPanel,
  EmailField,
  RequiredNote,
  SubmitButton,
} from "~/components/account/form-controls";
import { formTexts, postAccountForm, toLogin, useAccountForm } from "~/lib/account-forms";
import { noindexMeta } from "~/lib/seo";
import { accountPages } from "../../../content/account-pages";
import type { Route } from "./+types/forgot-password";

export const meta = () => noindexMeta(accountPages.forgotPassword);

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  return postAccountForm<{ title?: string; message?: string }>(
    "forgot-password",
    formTexts(form, ["email"]),
    toLogin,
  );
}

export default function ForgotPassword() {
  const { errors, pending } = useAccountForm();
  return (
    <AccountPanel
      title="Recuperar contraseña"
      intro="Escribe el correo con el que te registraste y te enviaremos un enlace para crear una contraseña nueva."
    >
      <Form method="post" className="space-y-4">
        <RequiredNote />
        <EmailField required errors={errors} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SubmitButton pending={pending}>Enviar enlace</SubmitButton>
          <Link to="/login" className="font-medium text-terracotta-dark underline">
            Volver a iniciar sesión
          </Link>
        </div>
      </Form>
    </AccountPanel>
  );
}
