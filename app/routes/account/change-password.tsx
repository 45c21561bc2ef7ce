// /change-password/:email/:token (SPEC §2, both): the link of the reset e-mail; sets a new
// password through POST /api/reset-password, then /login.
import { Form, redirect } from "react-router";
import {
  AccountPanel,
  PasswordField,
  RequiredNote,
  SubmitButton,
  TextField,
} from "~/components/account/form-controls";
import { formText, postAccountForm, useAccountForm } from "~/lib/account-forms";
import { showSuccess } from "~/lib/dialog";
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
      password: formText(form, "password"),
      password_confirmation: formText(form, "password_confirmation"),
    },
    (answer) => {
      void showSuccess(answer);
      return redirect("/login");
    },
  );
}

export default function ChangePassword({ params }: Route.ComponentProps) {
  const { errors, pending } = useAccountForm();
  return (
    <AccountPanel title="Cambiar contraseña" intro="Elige una contraseña nueva para tu cuenta.">
      <Form method="post" className="space-y-4">
        <RequiredNote />
        <TextField
          label="Correo electrónico"
          name="email"
          type="email"
          defaultValue={params.email}
          readOnly
          autoComplete="username"
          errors={errors}
        />
        <PasswordField
          label="Nueva contraseña"
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
        <SubmitButton pending={pending}>Cambiar contraseña</SubmitButton>
      </Form>
    </AccountPanel>
  );
}
