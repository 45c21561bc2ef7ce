// The header's account corner: sign-in links for visitors, a disclosure dropdown for users
// (SPEC §2 "Header"), and the admin links of the user's role.
import { useState } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import {
  adminSectionPath,
  adminSections,
  isVerified,
  roleLabel,
  signOut,
  useAuth,
} from "~/lib/auth";
import { showSuccess } from "~/lib/dialog";
import { useDropdown } from "./disclosure";

const itemClass =
  "block rounded px-3 py-2 text-ink hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-focus";

export function AccountMenu() {
  const { ready, user } = useAuth();
  const { open, setOpen, id, root, button } = useDropdown<HTMLDivElement>();
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();

  if (!ready) {
    // Same footprint as the signed-out links, so nothing moves once the session is known.
    return <div aria-hidden="true" className="h-10 w-52" />;
  }

  if (!user) {
    return (
      <div className="flex h-10 items-center gap-2">
        <Link
          to="/login"
          className="rounded-md px-3 py-2 font-medium text-ink hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-focus"
        >
          Iniciar sesión
        </Link>
        <Link
          to="/register"
          className="rounded-md border border-ink/30 px-3 py-2 font-medium text-ink hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-focus"
        >
          Registrarse
        </Link>
      </div>
    );
  }

  const logout = async () => {
    setLeaving(true);
    const answer = await signOut();
    setLeaving(false);
    setOpen(false);
    navigate("/login");
    if (answer) void showSuccess(answer);
  };

  return (
    <div ref={root} className="relative">
      <button
        {...button}
        className="flex h-10 max-w-56 items-center gap-2 rounded-md px-3 font-medium text-ink hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-focus"
      >
        <span className="truncate">{user.name}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <ul
        id={id}
        hidden={!open}
        // In flow inside the phone menu (which scrolls and clips), floating in the desktop strip.
        className="mt-2 w-full rounded-lg border border-sand-200 bg-plaster p-2 shadow-lg lg:absolute lg:right-0 lg:z-40 lg:w-60"
      >
        <li className="px-3 pt-1 pb-2 text-sm text-ink-soft">
          <span className="block truncate font-semibold text-ink">{user.name}</span>
          <Link to="/settings" className="underline-offset-2 hover:underline">
            {roleLabel(user)}
          </Link>
        </li>
        <li>
          <Link to="/profile" className={itemClass}>
            Perfil
          </Link>
        </li>
        <li>
          <Link to="/settings" className={itemClass}>
            Configuración
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={logout}
            disabled={leaving}
            className={`${itemClass} w-full text-left disabled:opacity-60`}
          >
            {leaving ? "Cerrando sesión..." : "Cerrar Sesión"}
          </button>
        </li>
      </ul>
    </div>
  );
}

/**
 * One link per admin section of the user's first role; nothing for visitors, guests and staff
 * whose e-mail is not verified (SPEC §2: admin screens are "verify", they would bounce).
 * `titled`: under the heading «Administración».
 */
export function AdminLinks({ titled = false }: { titled?: boolean }) {
  const { user } = useAuth();
  const sections = isVerified(user) ? adminSections(user) : [];
  if (sections.length === 0) return null;
  return (
    <>
      {/* In the phone's menu, below the site's own pages: «Equipo» there is the public page,
          here the admin's section. */}
      {titled ? (
        <p className="w-full px-3 pt-1 text-sm font-semibold text-ink-soft">Administración</p>
      ) : null}
      {sections.map((section) => (
        <NavLink
          key={section.key}
          to={adminSectionPath(section.key)}
          className={({ isActive }) =>
            `rounded-md px-3 py-2 font-medium hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-focus ${isActive ? "text-terracotta-dark underline underline-offset-4" : "text-ink"}`
          }
        >
          {section.title}
        </NavLink>
      ))}
    </>
  );
}
