// /forgot-password (SPEC §2, outline): asks for a reset link; the answer is the same whether or
// not the account exists, shown as a success message, then /login. Reached from a reset link
// that no longer works, it starts with that link's address (the navigation's state).
import { Link, useLocation } from "react-router";
import { AccountForm, EmailField, SubmitButton } from "~/components/account/form-controls";
import { accountAction, formTexts, postToLogin, useAccountForm } from "~/lib/account-forms";
import { noindexMeta, type PageMatches } from "~/lib/seo";
import { accountPages } from "../../../content/account-pages";

export const meta = ({ matches }: { matches: PageMatches }) =>
  noindexMeta(accountPages.forgotPassword, matches);

export const clientAction = accountAction((form) =>
  postToLogin("forgot-password", formTexts(form, ["email"])),
);

export default function ForgotPassword() {
  const { errors, pending } = useAccountForm();
  const { email } = (useLocation().state ?? {}) as { email?: unknown };
  return (
    <AccountForm
      title="Recuperar contraseña"
      intro="Escribe el correo con el que te registraste y te enviaremos un enlace para crear una contraseña nueva."
    >
      <EmailField
        required
        defaultValue={typeof email === "string" ? email : undefined}
        errors={errors}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SubmitButton pending={pending}>Enviar enlace</SubmitButton>
        <Link to="/login" className="font-medium text-terracotta-dark underline">
          Volver a iniciar sesión
        </Link>
      </div>
    </AccountForm>
  );
}
