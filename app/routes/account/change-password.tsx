// /change-password/:email/:token (SPEC §2, both): the link of the reset e-mail; sets a new
// password through POST /api/reset-password, then /login.
import {
  AccountForm,
  EmailField,
  NewPasswordFields,
  SubmitButton,
} from "~/components/account/form-controls";
import { accountAction, formTexts, postToLogin, useAccountForm } from "~/lib/account-forms";
import { noindexMeta } from "~/lib/seo";
import { accountPages } from "../../../content/account-pages";
import type { Route } from "./+types/change-password";

export const meta = () => noindexMeta(accountPages.changePassword);

export const clientAction = accountAction((form, params: Route.ClientActionArgs["params"]) =>
  postToLogin("reset-password", {
    email: params.email,
    token: params.token,
    ...formTexts(form, ["password", "password_confirmation"]),
  }),
);

export default function ChangePassword({ params }: Route.ComponentProps) {
  const { errors, pending } = useAccountForm();
  return (
    <AccountForm title="Cambiar contraseña" intro="Elige una contraseña nueva para tu cuenta.">
      <EmailField defaultValue={params.email} readOnly autoComplete="username" errors={errors} />
      <NewPasswordFields label="Nueva contraseña" errors={errors} />
      <SubmitButton pending={pending}>Cambiar contraseña</SubmitButton>
    </AccountForm>
  );
}
