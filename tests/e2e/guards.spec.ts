// The access markers of SPEC §2 (outline, online, verify, both, role) for every kind of visitor:
// signed out, unverified, verified guest, admin and super_admin; on first load and on
// in-app navigation.
import type { Locator, Page } from "@playwright/test";
import { baseURL, e2eSmtpPort } from "../../playwright.config";
import { mailDir } from "./support/mail-dir";
import { expect, Mailbox, test } from "./support/mailbox";
import {
  apiLogin,
  createWithRole,
  openAs,
  type Person,
  password,
  registerUnverified,
  registerVerified,
  uniqueEmail,
} from "./support/people";

type Persona = "signed out" | "unverified" | "verified guest" | "admin" | "super_admin";
const personas: Persona[] = ["signed out", "unverified", "verified guest", "admin", "super_admin"];

/** Where each persona ends up; "stay" = the page itself. */
type Outcome = Record<Persona, "stay" | "/login" | "/dashboard">;

const matrix: { marker: string; paths: string[]; outcome: Outcome }[] = [
  {
    marker: "outline",
    paths: ["/", "/login", "/register", "/forgot-password"],
    outcome: {
      "signed out": "stay",
      unverified: "/dashboard",
      "verified guest": "/dashboard",
      admin: "/dashboard",
      super_admin: "/dashboard",
    },
  },
  {
    marker: "online",
    paths: ["/dashboard"],
    outcome: {
      "signed out": "/login",
      unverified: "stay",
      "verified guest": "stay",
      admin: "stay",
      super_admin: "stay",
    },
  },
  {
    marker: "online, verify",
    paths: ["/profile", "/settings"],
    outcome: {
      "signed out": "/login",
      unverified: "/dashboard",
      "verified guest": "stay",
      admin: "stay",
      super_admin: "stay",
    },
  },
  {
    marker: "both, verify",
    paths: [
      "/team",
      "/contact",
      "/gallery",
      "/services",
      "/service/reformas",
      "/service/construccion/construccion-de-viviendas",
    ],
    outcome: {
      "signed out": "stay",
      unverified: "/dashboard",
      "verified guest": "stay",
      admin: "stay",
      super_admin: "stay",
    },
  },
  {
    marker: "both",
    paths: ["/terms-and-conditions", "/privacy-and-politics", "/cookies-politics"],
    outcome: {
      "signed out": "stay",
      unverified: "stay",
      "verified guest": "stay",
      admin: "stay",
      super_admin: "stay",
    },
  },
  {
    marker: "online, verify, role",
    paths: [
      "/admin/users/index",
      "/admin/contacts/index",
      "/admin/subscriptions/index",
      "/admin/users/create",
      "/admin/subscriptions/update/1",
    ],
    outcome: {
      "signed out": "/login",
      unverified: "/dashboard",
      "verified guest": "/dashboard",
      admin: "stay",
      super_admin: "stay",
    },
  },
  {
    marker: "role, a resource no role holds",
    paths: ["/admin/desconocido/index"],
    outcome: {
      "signed out": "/login",
      unverified: "/dashboard",
      "verified guest": "/dashboard",
      admin: "/dashboard",
      super_admin: "/dashboard",
    },
  },
];

const people = new Map<Persona, Person | null>();

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  const mailbox = new Mailbox(mailDir(e2eSmtpPort));
  // Made side by side: the verification mail and the two staff commands wait on their own.
  const [unverified, guest, admin, superAdmin] = await Promise.all([
    registerUnverified(request, "Guardia Sin Verificar"),
    registerVerified(request, mailbox, "Guardia Invitada"),
    createWithRole(request, "admin", "Guardia Admin"),
    createWithRole(request, "super_admin", "Guardia Super"),
  ]);
  people.set("signed out", null);
  people.set("unverified", unverified);
  people.set("verified guest", guest);
  people.set("admin", admin);
  people.set("super_admin", superAdmin);
  await request.dispose();
});

/** The header draws some controls twice (desktop strip, phone menu): the one on screen. */
const shown = (locator: Locator) => locator.filter({ visible: true }).first();

/** The header knows who is there once the session has been checked. */
async function sessionSettled(page: Page, person: Person | null) {
  const banner = page.getByRole("banner");
  // The site's header has a menu button with the name; the admin area's frame shows the name.
  const marker = person
    ? banner
        .getByRole("button", { name: person.name })
        .or(banner.getByText(person.name, { exact: true }))
    : banner.getByRole("link", { name: "Iniciar sesión" });
  await expect(marker.first()).toBeAttached();
}

for (const persona of personas) {
  test(`access markers for: ${persona}`, async ({ page }) => {
    const person = people.get(persona) ?? null;
    await openAs(page, person, "/robots.txt");
    for (const { marker, paths, outcome } of matrix) {
      for (const path of paths) {
        await page.goto(path);
        const expected = outcome[persona] === "stay" ? path : outcome[persona];
        const where = `${marker}: ${path} as ${persona}`;
        await expect.soft(page, where).toHaveURL(`${baseURL}${expected}`);
        await sessionSettled(page, person);
        await expect.soft(page, `${where} (settled)`).toHaveURL(`${baseURL}${expected}`);
      }
    }
  });
}

test("in-app navigation is guarded too", async ({ page }) => {
  const unverified = people.get("unverified") ?? null;
  await openAs(page, unverified, "/dashboard");
  await sessionSettled(page, unverified);
  await shown(page.getByRole("banner").getByRole("link", { name: "Equipo" })).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard`);

  const admin = people.get("admin") ?? null;
  await openAs(page, admin, "/dashboard");
  await sessionSettled(page, admin);
  await shown(page.getByRole("banner").getByRole("link", { name: "Usuarios" })).click();
  await expect(page).toHaveURL(`${baseURL}/admin/users/index`);
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();

  const guest = people.get("verified guest") ?? null;
  await openAs(page, guest, "/dashboard");
  await sessionSettled(page, guest);
  await expect(page.getByRole("banner").getByRole("link", { name: "Usuarios" })).toHaveCount(0);

  // SPEC §2: the stored token is restored before each navigation, so a token removed behind
  // the page's back (another tab signed out) counts on the next click.
  await openAs(page, guest, "/settings");
  await expect(page.getByRole("heading", { name: "Configuración" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("en construcción");
  await page.evaluate(() => localStorage.removeItem("authToken"));
  await shown(page.getByRole("banner").getByRole("button", { name: guest?.name })).click();
  await shown(page.getByRole("banner").getByRole("link", { name: "Perfil" })).click();
  await expect(page).toHaveURL(`${baseURL}/login`);
});

test("the header shows no admin links to staff whose e-mail is not verified", async ({
  page,
  request,
}) => {
  // Made by a super admin through the admin API: an admin whose address is not verified yet.
  const boss = people.get("super_admin");
  const headers = { Authorization: `Bearer ${boss?.token}` };
  const form = await request.get("/api/admin/users/create", { headers });
  const options: { id: number; title: string }[] = (await form.json()).parameter_details.role_id
    .selector;
  const person = { name: "Guardia Admin Sin Verificar", email: uniqueEmail("admin"), password };
  const created = await request.post("/api/admin/users/create", {
    headers,
    data: {
      ...person,
      role_id: options.find((option) => option.title === "Administrador")?.id,
      email_verified: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const unverifiedAdmin = { ...person, token: await apiLogin(request, person.email) };

  await openAs(page, unverifiedAdmin, "/dashboard");
  await sessionSettled(page, unverifiedAdmin);
  const banner = page.getByRole("banner");
  for (const section of ["Usuarios", "Contactos", "Suscripciones"]) {
    await expect(banner.getByRole("link", { name: section })).toHaveCount(0);
  }
});

test("role labels in the user menu follow the first role", async ({ page }) => {
  for (const [persona, label] of [
    ["verified guest", "Usuario"],
    ["admin", "Administrador"],
    ["super_admin", "Super Administrador"],
  ] as const) {
    const person = people.get(persona) ?? null;
    await openAs(page, person, "/dashboard");
    await shown(page.getByRole("banner").getByRole("button", { name: person?.name })).click();
    await expect(
      shown(page.getByRole("banner").getByRole("link", { name: label, exact: true })),
    ).toHaveAttribute("href", "/settings");
  }
});

test("/admin opens staff's home on /dashboard (decision 253); others go where any admin page sends them", async ({
  page,
}) => {
  const inbox = `${baseURL}/dashboard`;
  for (const [persona, expected] of [
    ["signed out", `${baseURL}/login`],
    ["unverified", `${baseURL}/dashboard`],
    ["verified guest", `${baseURL}/dashboard`],
    ["admin", inbox],
    ["super_admin", inbox],
  ] as const) {
    const person = people.get(persona) ?? null;
    for (const path of ["/admin", "/admin/"]) {
      await openAs(page, person, path);
      await expect.soft(page, `${path} as ${persona}`).toHaveURL(expected);
      await sessionSettled(page, person);
      await expect.soft(page, `${path} as ${persona} (settled)`).toHaveURL(expected);
    }
  }
  await expect(page.getByRole("region", { name: "Tu trabajo de hoy" })).toBeVisible();
  // The way back leads to the page before, not to /admin (which would send staff on again).
  await page.goBack();
  await expect(page).toHaveURL(`${baseURL}/robots.txt`);
});

/** Signs in on /login as `person`, through the form. */
async function signInOnPage(page: Page, person: Person) {
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Correo electrónico" }).fill(person.email);
  await main.getByRole("textbox", { name: "Contraseña", exact: true }).fill(person.password);
  await main.getByRole("button", { name: "Iniciar sesión" }).click();
}

test("a staff member who opens a lead notice's link signed out lands on the lead after signing in", async ({
  page,
  request,
}) => {
  const admin = people.get("admin");
  if (!admin) throw new Error("no admin");
  // A real lead, and the office's notice of it, as staff receive it.
  const subject = `Aviso ${Date.now().toString(36)}`;
  const sent = await request.post("/api/contacts", {
    headers: { "X-Forwarded-For": "198.51.100.164" },
    data: { name: "Iris Aviso", phone: "+34 611 164 164", subject, message: "Cocina." },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const mailbox = new Mailbox(mailDir(e2eSmtpPort));
  let link = "";
  await expect
    .poll(
      async () => {
        const notice = (await mailbox.messagesFor("oficina@obra.test")).find((mail) =>
          mail.subject.endsWith(subject),
        );
        link = notice?.links.find((href) => href.includes("/admin/contacts/detail/")) ?? "";
        return link;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .not.toBe("");

  await page.goto(link);
  await expect(page).toHaveURL(`${baseURL}/login`);
  await signInOnPage(page, admin);
  // SPEC §4's sign-in goes to /dashboard, which goes on at once to the page asked for.
  await expect(page).toHaveURL(link);
  const main = page.getByRole("main");
  await expect(
    main.getByRole("heading", { level: 1, name: `Iris Aviso — ${subject}` }),
  ).toBeVisible();
  // The dashboard was passed by, not left in the tab's history to come back to.
  await page.goBack();
  await expect(page).not.toHaveURL(`${baseURL}/dashboard`);

  // Taken once: the dashboard opened again is the dashboard.
  await page.goto("/dashboard");
  await expect(main.getByRole("heading", { name: `Hola, ${admin.name}` })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
});

test("signing in after a guard sent you to /login goes where your role allows", async ({
  page,
}) => {
  const guest = people.get("verified guest");
  if (!guest) throw new Error("no guest");
  // A guest who followed an admin link: the admin layout sends them on to the dashboard, which
  // then stays (the page asked for is taken once, so nothing goes round in circles).
  await openAs(page, null, "/admin/contacts/index");
  await expect(page).toHaveURL(`${baseURL}/login`);
  await signInOnPage(page, guest);
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
  await expect(
    page.getByRole("main").getByRole("heading", { name: `Hola, ${guest.name}` }),
  ).toBeVisible();

  // Nothing kept: a plain sign-in shows the dashboard, as SPEC §4 says.
  await page
    .getByRole("banner")
    .getByRole("button", { name: guest.name })
    .filter({ visible: true })
    .first()
    .click();
  await page
    .getByRole("banner")
    .getByRole("button", { name: "Cerrar Sesión" })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(`${baseURL}/login`);
  await page.getByRole("dialog").getByRole("button", { name: "Aceptar" }).click();
  await signInOnPage(page, guest);
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
});
