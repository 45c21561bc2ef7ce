// /change-password/:email/:token (SPEC §2, both): the link of the reset e-mail. Opening it asks
// the API whether the link still works (the clientLoader), so a used, replaced or expired link
// says so at once and offers a new one instead of a form that fails after the password is typed
// twice; a working link shows the form, which sets the password through POST
// /api/reset-password, then /login.
import { Link } from "react-router";
import {
  AccountForm,
  AccountPanel,
  AccountWaiting,
  EmailField,
  NewPasswordFields,
  SubmitButton,
} from "~/components/account/form-controls";
import { primaryButton } from "~/components/buttons";
import { accountAction, formTexts, postToLogin, useAccountForm } from "~/lib/account-forms";
import { ApiError, api } from "~/lib/api";
import { restoreSession } from "~/lib/auth";
import { noindexMeta, type PageMatches } from "~/lib/seo";
import { accountPages } from "../../../content/account-pages";
import type { Route } from "./+types/change-password";

export const meta = ({ matches }: { matches: PageMatches }) =>
  noindexMeta(accountPages.changePassword, matches);

/**
 * Whether the link still works. Only the API's refusal of this link (400, or 422 for a link cut
 * short) hides the form; when the check itself fails (no connection, 429) the form shows, and
 * sending it says what went wrong.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    await api("POST", "reset-password/check", params, { silent: true });
    return { usable: true, signedIn: false };
  } catch (error) {
    const refused = error instanceof ApiError && (error.status === 400 || error.status === 422);
    // /forgot-password is for signed-out visitors: someone signed in is offered their panel.
    return { usable: !refused, signedIn: Boolean((await restoreSession()).user) };
  }
}
clientLoader.hydrate = true as const;

/** The link is checked once per visit; a refused submission must not check it again. */
export const shouldRevalidate = () => false;

export const HydrateFallback = () => (
  <AccountWaiting title="Cambiar contraseña">Comprobando el enlace...</AccountWaiting>
);

export const clientAction = accountAction((form, params: Route.ClientActionArgs["params"]) =>
  postToLogin("reset-password", {
    email: params.email,
    token: params.token,
    ...formTexts(form, ["password", "password_confirmation"]),
  }),
);

export default function ChangePassword({ params, loaderData }: Route.ComponentProps) {
  const { errors, pending } = useAccountForm();
  if (!loaderData.usable) return <UsedLink email={params.email} signedIn={loaderData.signedIn} />;
  return (
    <AccountForm title="Cambiar contraseña" intro="Elige una contraseña nueva para tu cuenta.">
      <EmailField defaultValue={params.email} readOnly autoComplete="username" errors={errors} />
      <NewPasswordFields label="Nueva contraseña" errors={errors} />
      <SubmitButton pending={pending}>Cambiar contraseña</SubmitButton>
    </AccountForm>
  );
}

/**
 * A link that no longer works: why, and the ways on (a new link for this address, or signing
 * in; someone already signed in goes to their panel).
 */
function UsedLink({ email, signedIn }: { email: string; signedIn: boolean }) {
  return (
    <AccountPanel title="Este enlace ya no sirve">
      <div className="space-y-4 text-ink">
        <p role="status">
          El enlace para cambiar la contraseña ya se usó, caducó (dura 60 minutos) o hay uno más
          reciente en tu correo.{" "}
          {signedIn
            ? "Ya has iniciado sesión, así que tu contraseña actual funciona."
            : "Pide uno nuevo y usa el último que te llegue."}
        </p>
        {signedIn ? (
          <Link to="/dashboard" className={primaryButton}>
            Ir a mi panel
          </Link>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            {/* The address travels in the navigation's state, never in a URL a log keeps. */}
            <Link to="/forgot-password" state={{ email }} className={primaryButton}>
              Pedir un enlace nuevo
            </Link>
            <Link to="/login" className="font-medium text-terracotta-dark underline">
              Ya la cambié: iniciar sesión
            </Link>
          </div>
        )}
      </div>
    </AccountPanel>
  );
}
