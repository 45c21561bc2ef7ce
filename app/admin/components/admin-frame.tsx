// The admin area's frame (issue 13): a top bar with the company, the signed-in user and sign-out,
// a side navigation with the sections the role allows (each with its count, and the new leads),
// and the screen. On a phone the navigation is a scrolling row under the top bar.
import type { ReactNode } from "react";
import { Link, NavLink, useLocation, useNavigate, useNavigation } from "react-router";
import { LogoMark } from "~/components/logo-mark";
import "~/admin/admin.css";
import { rememberedFilters } from "~/admin/lib/filter-memory";
import type { AdminSummary } from "~/admin/lib/records";
import { adminSectionPath, adminSections, roleLabel, signOut, useAuth } from "~/lib/auth";
import { useCompanyIfLoaded } from "~/lib/company";
import { showSuccess } from "~/lib/dialog";
import { siteName } from "~/lib/site";

const count = new Intl.NumberFormat("es-ES");

export function AdminFrame({
  summary,
  children,
}: {
  summary: AdminSummary | null;
  children: ReactNode;
}) {
  const { user } = useAuth();
  // The trade name staff published in «Empresa».
  const companyName = useCompanyIfLoaded()?.name ?? siteName;
  const navigate = useNavigate();
  const navigation = useNavigation();
  // The server's sections carry counts; without them, the role's permissions name the sections.
  // None while a second factor is due and missing: only its enrolment opens (decision 220).
  const sections = user?.two_factor?.required ? [] : (summary?.sections ?? adminSections(user));
  // SPEC §9's 'Loading...' while another screen or page loads (not while a change reloads one).
  const loading = navigation.state === "loading" && !navigation.formData;

  const leave = async () => {
    const answer = await signOut();
    navigate("/login");
    if (answer) void showSuccess(answer);
  };

  return (
    <div className="flex min-h-screen flex-col bg-sand-50">
      <header className="flex flex-wrap items-center justify-between gap-3 bg-ink px-4 py-3 text-plaster">
        <Link to="/" className="flex items-center gap-2 font-display text-lg font-semibold">
          <LogoMark className="size-8" />
          <span>
            {companyName} <span className="font-sans text-sm font-normal">· Administración</span>
          </span>
        </Link>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {user ? (
            <p>
              <span className="font-semibold">{user.name}</span> · {roleLabel(user)}
            </p>
          ) : null}
          <Link to="/" className="underline hover:text-sand-200">
            Ver la web
          </Link>
          {user?.two_factor ? (
            <Link to="/admin/seguridad" className="underline hover:text-sand-200">
              Seguridad de la cuenta
            </Link>
          ) : null}
          {user ? (
            <button
              type="button"
              onClick={leave}
              className="rounded-md border border-plaster/40 px-3 py-1 hover:bg-plaster/10"
            >
              Cerrar sesión
            </button>
          ) : null}
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        {user ? (
          <nav
            aria-label="Secciones de administración"
            className="border-sand-200 border-b bg-white md:w-60 md:shrink-0 md:border-r md:border-b-0"
          >
            <ul className="relative flex gap-1 overflow-x-auto p-2 md:flex-col md:p-3">
              {sections.map((section) => (
                <li key={section.key} className="shrink-0">
                  <NavLink
                    to={sectionPath(section)}
                    className={({ isActive }) =>
                      `flex items-center justify-between gap-3 rounded-md px-3 py-2 font-medium ${
                        isActive ? "bg-ink text-plaster" : "text-ink hover:bg-sand-100"
                      }`
                    }
                  >
                    <span>{section.title}</span>
                    <SectionCounts section={section} />
                  </NavLink>
                </li>
              ))}
              {sections.some((section) => section.key === "contacts") ? <SourcesLink /> : null}
            </ul>
          </nav>
        ) : null}
        <main id="contenido" className="min-w-0 flex-1" aria-busy={loading || undefined}>
          <SecondFactorReminder />
          {loading ? (
            <p lang="en" className="px-4 pt-4 text-ink-soft">
              Loading...
            </p>
          ) : null}
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * A section's list as the navigation opens it: the staff member's last view of it when one is
 * remembered (the inbox, decision 272), else the view it lands on (the inbox's new leads).
 */
function sectionPath(section: { key: string; landing?: string }): string {
  const query = rememberedFilters(section.key) ?? section.landing ?? "";
  return `${adminSectionPath(section.key)}${query ? `?${query}` : ""}`;
}

function SectionCounts({ section }: { section: AdminSummary["sections"][number] | object }) {
  if (!("total" in section)) return null;
  const { highlight } = section;
  return (
    <span className="flex items-center gap-1 text-sm">
      {highlight && highlight.total > 0 ? (
        <span className="rounded-full bg-terracotta px-2 whitespace-nowrap text-white">
          {/* Said, not only coloured: two bare numbers side by side read as one count twice. */}
          {count.format(highlight.total)} {highlight.title.toLowerCase()}
        </span>
      ) : null}
      <span className="opacity-80">
        {count.format(section.total)}
        <span className="sr-only"> en total</span>
      </span>
    </span>
  );
}

/** The first paint of an admin screen, before the session and the section are loaded. */
export function AdminLoading() {
  return (
    <main id="contenido" className="mx-auto w-full max-w-7xl px-4 py-10">
      <p lang="en" className="text-ink-soft">
        Loading...
      </p>
    </main>
  );
}

/**
 * Before the second factor is required (decision 220), staff without one are reminded on every
 * admin screen, with the date when there is one; their security screen says the rest.
 */
function SecondFactorReminder() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const state = user?.two_factor;
  if (!state || state.enabled || state.required || pathname === "/admin/seguridad") return null;
  return (
    <p className="border-terracotta/30 border-b bg-terracotta/10 px-4 py-2 text-ink">
      Protege tu cuenta con la verificación en dos pasos
      {state.required_from
        ? `: será obligatoria desde el ${new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${state.required_from}T00:00:00Z`))}`
        : ""}
      .{" "}
      <Link to="/admin/seguridad" className="font-medium text-terracotta-dark underline">
        Activarla
      </Link>
    </p>
  );
}

/** Where the leads came from (decision 261): beside the sections, for whoever reads leads. */
function SourcesLink() {
  return (
    <li className="shrink-0">
      <NavLink
        to="/admin/contacts/fuentes"
        className={({ isActive }) =>
          `flex items-center rounded-md px-3 py-2 font-medium ${
            isActive ? "bg-ink text-plaster" : "text-ink hover:bg-sand-100"
          }`
        }
      >
        Fuentes
      </NavLink>
    </li>
  );
}
