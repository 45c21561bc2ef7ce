// /change-password/:email/:token (SPEC §2, both): the link of the reset e-mail; sets a new
// password through POST /api/reset-password, then /login.
import { Form } from "react-router";
import {
  AccountPanel,
  EmailField,
  NewPasswordFields,
  RequiredNote,
  SubmitButton,
} from "~/components/account/form-controls";
import { formTexts, postAccountForm, toLogin, useAccountForm } from "~/lib/account-forms";
import { noindexMeta } from "~/lib/seo";
import { accountPages } from "../../../content/account-pages";
import type { Route } from "./+types/change-password";

export const meta = () => noindexMeta(accountPages.changePassword);

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const form = await request.formData();
  return postAccountForm<{ title?: string; message?: string }>(
    "reset-password",
    {
      email: params.email,
      token: params.token,
      ...formTexts(form, ["password", "password_confirmation"]),
    },
    toLogin,
  );
}

export default function ChangePassword({ params }: Route.ComponentProps) {
  const { errors, pending } = useAccountForm();
  return (
    <AccountPanel title="Cambiar contraseña" intro="Elige una contraseña nueva para tu cuenta.">
      <Form method="post" className="space-y-4">
        <RequiredNote />
        <EmailField defaultValue={params.email} readOnly autoComplete="username" errors={errors} />
        <NewPasswordFields label="Nueva contraseña" errors={errors} />
        <SubmitButton pending={pending}>Cambiar contraseña</SubmitButton>
      </Form>
    </AccountPanel>
  );
}
