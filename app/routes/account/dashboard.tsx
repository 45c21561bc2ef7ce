// /dashboard (SPEC §2, online): the welcome carousel for a verified user; for an unverified one,
// the notice that the e-mail must be verified and a button to send the link again. Someone the
// guards sent to sign in first goes on from here to the page they asked for (decision 207).
// Staff (a verified account whose role reads the leads) find their home here instead of the
// carousel: cards of the leads to act on (decision 253), loaded only for them. Any other account
// reads «Mis solicitudes» below: the requests it sent, loaded on demand (decision 267).
import { lazy, Suspense, useState } from "react";
import { SubmitButton } from "~/components/account/form-controls";
import { WelcomeCarousel } from "~/components/welcome-carousel";
import { continueToReturn } from "~/lib/access-layout";
import { api } from "~/lib/api";
import { canManage, useAuth } from "~/lib/auth";
import { useCompany } from "~/lib/company";
import { showSuccess } from "~/lib/dialog";
import { noindexMeta, type PageMatches } from "~/lib/seo";
import { accountPages } from "../../../content/account-pages";
import { moreThanYears } from "../../../content/company";
import type { WelcomeSlide } from "../../../content/home";

export const meta = ({ matches }: { matches: PageMatches }) =>
  noindexMeta(accountPages.dashboard, matches);

/** Runs after the layout's guard let a signed-in user in: on to a page kept before sign-in. */
export async function clientLoader() {
  continueToReturn();
  return null;
}
clientLoader.hydrate = true as const;

// The home page's carousel component (owner "pages"), with slides for someone already signed in.
// The last one says how long the published company has worked, or leaves it out.
function slidesFor(years: number): WelcomeSlide[] {
  const claim = moreThanYears(years);
  return [
    {
      title: "Cuéntanos tu proyecto",
      description:
        "Pide presupuesto sin compromiso y cuéntanos qué quieres reformar, construir o decorar en Madrid, Barcelona, Valencia o Alicante.",
      image: "slide-1",
      link: { text: "Pedir presupuesto", url: "/contact" },
    },
    {
      title: "Reformas, construcción e interiorismo",
      description:
        "Cocinas, baños, viviendas completas, locales y edificios: un único interlocutor de principio a fin.",
      image: "slide-2",
      link: { text: "Ver servicios", url: "/services" },
    },
    {
      title: "Mira cómo trabajamos",
      description: `${claim ? `${claim} de obras terminadas` : "Obras terminadas"} en Cataluña, la Comunidad Valenciana y Madrid: inspírate con nuestra galería.`,
      image: "slide-3",
      link: { text: "Ver la galería", url: "/gallery" },
    },
  ];
}

const StaffHome = lazy(() => import("~/components/staff-home"));
// A client's own requests (issue 36; decision 267), loaded only once the dashboard draws them.
const MyRequests = lazy(() => import("~/components/account/my-requests"));

export default function Dashboard() {
  const { user, verified } = useAuth();
  const company = useCompany();
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">
        Hola, {user.name}
      </h1>
      {verified && canManage(user, "contacts") ? (
        <Suspense fallback={<p className="mt-6 text-ink-soft">Loading...</p>}>
          <StaffHome />
        </Suspense>
      ) : (
        <>
          {verified ? (
            <div className="mt-8">
              <WelcomeCarousel label="Bienvenida" slides={slidesFor(company.yearsOfExperience)} />
            </div>
          ) : (
            <VerifyNotice email={user.email} />
          )}
          <Suspense fallback={<p className="mt-10 text-ink-soft">Cargando tus solicitudes…</p>}>
            <MyRequests />
          </Suspense>
        </>
      )}
    </div>
  );
}

function VerifyNotice({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      void showSuccess(await api<{ title?: string; message?: string }>("GET", "email/resend"));
    } catch {
      // api() has already shown the error dialog (SPEC §8).
    } finally {
      setSending(false);
    }
  };
  return (
    <section
      aria-labelledby="verify-notice-title"
      className="mt-8 max-w-2xl rounded-xl border border-ochre/60 bg-sand-50 p-6 sm:p-8"
    >
      <h2 id="verify-notice-title" className="font-display text-2xl font-semibold text-ink">
        Verifica tu correo electrónico
      </h2>
      <p className="mt-3 text-ink">
        Para usar tu cuenta tienes que verificar tu correo. Te enviamos un enlace a{" "}
        <strong className="[overflow-wrap:anywhere]">{email}</strong>: ábrelo para confirmar que es
        tuyo.
      </p>
      <p className="mt-2 text-ink-soft">
        ¿No lo encuentras? Revisa la carpeta de correo no deseado o pide uno nuevo.
      </p>
      <div className="mt-5">
        <SubmitButton type="button" pending={sending} onClick={resend}>
          Reenviar correo de verificación
        </SubmitButton>
      </div>
    </section>
  );
}
