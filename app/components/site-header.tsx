// Site header of SPEC §2. Menus are WAI-ARIA disclosure navigation: buttons with aria-expanded
// that work the same with touch, mouse and keyboard; nothing depends on hover. The sign-in
// dependent parts (logo target, admin links, account menu) change only after hydration, so the
// pre-rendered HTML is the same for every visitor.

import type { ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { AccountMenu, AdminLinks } from "~/components/account-menu";
import { CallLink } from "~/components/call-link";
import { LogoMark } from "~/components/logo-mark";
import { useAuth } from "~/lib/auth";
import { useCompany } from "~/lib/company";
import { useDisclosure, useDropdown } from "./disclosure";
import { DisclosureChevron } from "./disclosure-chevron";

const serviceLinks = [
  { to: "/service/reformas", label: "Reformas" },
  { to: "/service/construccion", label: "Construcción" },
  { to: "/service/interiorismo", label: "Interiorismo" },
];

const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus";

function PhoneIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className={className}>
      <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.2Z" />
    </svg>
  );
}

function MailIcon({ className = "size-4" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className={className}>
      <path d="M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm0 2v.3l8 5 8-5V7H4Zm16 2.6-7.5 4.7a1 1 0 0 1-1 0L4 9.6V17h16V9.6Z" />
    </svg>
  );
}

/** The company's mark and name; leads home, or to the dashboard once signed in. */
function Logo() {
  const { ready, user } = useAuth();
  // The trade name staff published; its first word alone on the first line below 1280 px.
  const { name } = useCompany();
  const [first, ...rest] = name.split(" ");
  return (
    <Link
      to={ready && user ? "/dashboard" : "/"}
      className={`flex shrink-0 items-center gap-2 rounded ${focusRing}`}
      aria-label={`${name}, inicio`}
    >
      <LogoMark className="size-9 shrink-0" />
      {/* On two lines below 1280 px, where the header's row needs the room (decision 039). */}
      <span className="font-display text-lg leading-none font-semibold text-ink xl:text-xl">
        {first}
        {rest.length ? <span className="block xl:inline"> {rest.join(" ")}</span> : null}
      </span>
    </Link>
  );
}

function MenuLink({
  to,
  children,
  end,
  className,
}: {
  to: string;
  children: ReactNode;
  end?: boolean;
  className: string;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        `${className} ${focusRing} ${isActive ? "text-terracotta-dark underline decoration-2 underline-offset-8" : "text-ink"}`
      }
    >
      {children}
    </NavLink>
  );
}

/**
 * The main menu's items, the same in the desktop bar and in the phone menu, each drawn with the
 * menu's own `item` look; `children` is that menu's Servicios, which stands after Equipo.
 */
function MenuItems({ item, children }: { item: string; children: ReactNode }) {
  return (
    <>
      <li>
        <MenuLink to="/" end className={item}>
          Inicio
        </MenuLink>
      </li>
      <li>
        <MenuLink to="/team" className={item}>
          Equipo
        </MenuLink>
      </li>
      {children}
      <li>
        <MenuLink to="/gallery" className={item}>
          Galería
        </MenuLink>
      </li>
      <li>
        <MenuLink to="/contact" className={item}>
          Contacto
        </MenuLink>
      </li>
    </>
  );
}

/** The three service areas, in the desktop Servicios dropdown and in the phone menu's. */
function ServiceItems({ item }: { item: string }) {
  return serviceLinks.map((service) => (
    <li key={service.to}>
      <MenuLink to={service.to} className={item}>
        {service.label}
      </MenuLink>
    </li>
  ));
}

/** Desktop "Servicios" disclosure dropdown. */
function ServicesDropdown() {
  const { open, setOpen, id, root, button } = useDropdown<HTMLLIElement>();
  const current = useLocation().pathname.startsWith("/service");

  return (
    <li
      ref={root}
      className="relative"
      onBlur={(event) => {
        // Tabbing out of the open list closes it, as a disclosure menu should.
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        {...button}
        className={`flex items-center gap-1 rounded-md px-3 py-2 font-medium hover:bg-sand-100 ${focusRing} ${current ? "text-terracotta-dark underline decoration-2 underline-offset-8" : "text-ink"}`}
      >
        Servicios
        <DisclosureChevron open={open} />
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute left-0 z-40 mt-2 w-56 rounded-lg border border-sand-200 bg-plaster p-2 shadow-lg"
      >
        <ServiceItems item="block rounded px-3 py-2 font-medium hover:bg-sand-100" />
      </ul>
    </li>
  );
}

/**
 * The phone and quote calls to action in the header row (tablet and desktop). Where the row is
 * short of room (below 768 px, and beside the desktop menu below 1280 px) "Llámanos" is its
 * icon, the word left for screen readers, so that no label wraps and nothing is cut off
 * (decision 039; chrome-header.spec.ts sweeps the widths).
 */
function Actions() {
  const company = useCompany();
  const { pathname } = useLocation();
  return (
    <div className="hidden items-center gap-2 sm:flex">
      <CallLink
        className={`flex min-h-11 items-center gap-2 rounded-md bg-terracotta px-3 font-semibold text-white hover:bg-terracotta-dark ${focusRing}`}
      >
        <PhoneIcon />
        <span className="max-md:sr-only lg:max-xl:sr-only">Llámanos</span>
        <span className="hidden xl:inline">{company.phone}</span>
      </CallLink>
      {company.whatsapp ? (
        <CallLink
          kind="whatsapp"
          className={`flex min-h-11 items-center rounded-md border-2 border-olive px-3 font-semibold text-olive hover:bg-sand-100 ${focusRing}`}
        >
          WhatsApp
        </CallLink>
      ) : null}
      <Link
        to={quotePath(pathname)}
        className={`flex min-h-11 items-center rounded-md border-2 border-ink px-3 font-semibold text-ink hover:bg-sand-100 ${focusRing}`}
      >
        Pide presupuesto
      </Link>
    </div>
  );
}

/**
 * Where "Pide presupuesto" leads: /contact, with the service already chosen when the visitor is
 * on a service's page (/service/{category}/{service}; the form reads `servicio`, issue 12); on
 * /contact itself, down to the form, instead of back to the top of the page.
 */
function quotePath(pathname: string): string {
  if (pathname === "/contact") return "#contact-form-title";
  const service = /^\/service\/[^/]+\/([^/]+)\/?$/.exec(pathname)?.[1];
  return service ? `/contact?servicio=${service}` : "/contact";
}

/**
 * On phones the same two actions sit in a bar fixed to the bottom of the screen, where a thumb
 * reaches them from anywhere on the page: never more than one tap away (DESIGN.md). app.css
 * takes the quote action away on /contact, whose form is the quote, and the whole bar away on
 * the account forms, which mark themselves (decision 207): no script of every page decides it.
 */
function PhoneActionBar() {
  const company = useCompany();
  const { pathname } = useLocation();
  // Each action's label padded off its border and centred when it wraps ("Pide presupuesto"); a
  // size smaller under 360 px, where "presupuesto" is wider than a third of the screen.
  const action = `flex min-h-12 items-center justify-center rounded-md px-1 text-center font-semibold max-[360px]:text-[15px] ${focusRing}`;
  return (
    <div
      data-action-bar
      className="fixed inset-x-0 bottom-0 z-30 grid h-action-bar auto-cols-fr grid-flow-col gap-2 border-t border-sand-200 bg-plaster p-2 sm:hidden"
    >
      <CallLink className={`${action} gap-2 bg-terracotta text-white`}>
        <PhoneIcon />
        Llámanos
      </CallLink>
      {company.whatsapp ? (
        <CallLink kind="whatsapp" className={`${action} border-2 border-olive text-olive`}>
          WhatsApp
        </CallLink>
      ) : null}
      <Link
        to={quotePath(pathname)}
        data-quote-action
        className={`${action} border-2 border-ink text-ink`}
      >
        Pide presupuesto
      </Link>
    </div>
  );
}

function ContactDetails({ className }: { className: string }) {
  const company = useCompany();
  return (
    <div className={className}>
      <CallLink className={`flex items-center gap-1.5 rounded hover:underline ${focusRing}`}>
        <PhoneIcon className="size-4" />
        {company.phone}
      </CallLink>
      <a
        href={`mailto:${company.email}`}
        className={`flex items-center gap-1.5 rounded hover:underline ${focusRing}`}
      >
        <MailIcon />
        {company.email}
      </a>
    </div>
  );
}

/** The mobile menu: one disclosure button opening the whole navigation below the header. */
function MobileMenu() {
  const { open, id, root, button } = useDropdown<HTMLDivElement>();
  const services = useDisclosure();
  const { pathname } = useLocation();

  const item = "block rounded-md px-3 py-3 text-lg font-medium hover:bg-sand-100";
  return (
    <div ref={root} className="lg:hidden">
      <button
        {...button}
        className={`flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md border-2 border-ink px-2 font-semibold text-ink ${focusRing}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="currentColor">
          {open ? (
            <path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z" />
          ) : (
            <path d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
          )}
        </svg>
        <span className="sr-only md:not-sr-only">Menú</span>
      </button>
      <div
        id={id}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-sand-200 bg-plaster shadow-lg"
      >
        <nav aria-label="Menú principal" className="mx-auto max-w-7xl px-4 py-3">
          <ul className="space-y-1">
            <MenuItems item={item}>
              <li>
                <button
                  {...services.button}
                  className={`${item} flex w-full items-center justify-between text-left ${focusRing} ${pathname.startsWith("/service") ? "text-terracotta-dark" : "text-ink"}`}
                >
                  Servicios
                  <DisclosureChevron open={services.open} />
                </button>
                <ul
                  id={services.id}
                  hidden={!services.open}
                  className="ml-4 border-l border-sand-300"
                >
                  <ServiceItems item={item} />
                </ul>
              </li>
            </MenuItems>
          </ul>
          <div className="mt-2 flex flex-wrap gap-1 border-t border-sand-200 pt-3">
            <AdminLinks titled />
          </div>
          <div className="mt-2 border-t border-sand-200 pt-3">
            <AccountMenu />
          </div>
          <ContactDetails className="mt-2 space-y-2 border-t border-sand-200 pt-3 pb-2 text-ink" />
        </nav>
      </div>
    </div>
  );
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-sand-200 bg-plaster">
      {/* Contact strip with the account corner (desktop); on phones these live in the menu. */}
      <div className="hidden bg-ink text-sm text-plaster lg:block">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-1">
          <ContactDetails className="flex items-center gap-6" />
          <div className="flex items-center gap-1 [&_a]:text-plaster [&_button]:text-plaster [&_a:hover]:bg-ink-soft [&_button:hover]:bg-ink-soft [&_ul_a]:text-ink [&_ul_button]:text-ink [&_ul_a:hover]:bg-sand-100 [&_ul_button:hover]:bg-sand-100">
            <AdminLinks />
            <AccountMenu />
          </div>
        </div>
      </div>
      <div className="relative mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2">
        <Logo />
        <nav aria-label="Principal" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <MenuItems item="block rounded-md px-3 py-2 font-medium hover:bg-sand-100">
              <ServicesDropdown />
            </MenuItems>
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Actions />
          <MobileMenu />
        </div>
      </div>
      <PhoneActionBar />
    </header>
  );
}
