// /login (SPEC §2, outline): sign-in with e-mail, password and "remember"; then /dashboard. For an
// account with a second factor (decision 220) the same screen then asks for the code.
import { useEffect, useRef } from "react";
import { Form, Link, useActionData } from "react-router";
import {
  AccountForm,
  AccountPanel,
  controlClass,
  EmailField,
  PasswordField,
  SubmitButton,
} from "~/components/account/form-controls";
import { Field } from "~/components/form-field";
import { logInAction, type SignInState, useAccountForm } from "~/lib/account-forms";
import { noindexMeta, type PageMatches } from "~/lib/seo";
import { accountLabels } from "../../../content/account-fields";
import { accountPages } from "../../../content/account-pages";

export const meta = ({ matches }: { matches: PageMatches }) =>
  noindexMeta(accountPages.login, matches);

export const clientAction = logInAction;

export default function Login() {
  const state = useActionData() as SignInState | undefined;
  if (state?.step === "code") return <CodeStep state={state} />;
  return <PasswordStep notice={state?.step === "password" ? state.notice : undefined} />;
}

function PasswordStep({ notice }: { notice?: string }) {
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
      {notice ? (
        <p role="alert" className="rounded-md bg-sand-100 p-3 text-ink">
          {notice}
        </p>
      ) : null}
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

/**
 * The second step: one field for the app's six digits or a recovery code. Focus moves to it as
 * the step appears, so a keyboard or a screen reader lands where the code goes, its label and
 * hint read out.
 */
function CodeStep({ state }: { state: Extract<SignInState, { step: "code" }> }) {
  const { pending } = useAccountForm();
  const input = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer (a wrong code) focuses again
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [state]);
  return (
    <AccountPanel
      title="Verificación en dos pasos"
      intro="Tu contraseña es correcta. Falta un paso para entrar en tu cuenta."
    >
      <Form method="post" className="space-y-4">
        <input type="hidden" name="step" value="code" />
        <input type="hidden" name="challenge" value={state.challenge} />
        <input type="hidden" name="remember" value={String(state.remember)} />
        <Field
          label="Código de verificación"
          required
          hint="Los 6 dígitos que muestra ahora tu aplicación de autenticación, o uno de tus códigos de recuperación si no tienes el móvil."
          errors={state.errors?.code}
        >
          {(control) => (
            <input
              {...control}
              ref={input}
              name="code"
              required
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
              className={`${controlClass} font-mono tracking-widest`}
            />
          )}
        </Field>
        <SubmitButton pending={pending} pendingLabel="Comprobando...">
          Verificar y entrar
        </SubmitButton>
        <p className="text-sm text-ink-soft">
          ¿Has perdido el móvil y los códigos de recuperación? Pide a quien administra el servidor
          que restablezca tu verificación en dos pasos.{" "}
          <Link to="/login" className="font-medium text-terracotta-dark underline">
            Volver a empezar
          </Link>
        </p>
      </Form>
    </AccountPanel>
  );
}
