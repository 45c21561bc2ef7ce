import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultCompanyRecord } from "../../content/company.ts";
import { createTestApp, perSuite, uniqueIp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import {
  adminAudit,
  campaigns,
  contacts,
  leadPhotos,
  projects,
  replyTemplates,
  reviews,
  roles,
  subscriptions,
  teamMembers,
  users,
} from "../db/schema.ts";

/**
 * Every API route × every kind of caller, with the status each must get. The route list comes
 * from the router itself: a route added without a row here fails the first test.
 */
type Actor =
  | "anonymous"
  | "unverified guest"
  | "verified guest"
  | "unverified admin"
  | "unverified super_admin"
  | "admin"
  | "super_admin";
const actors: Actor[] = [
  "anonymous",
  "unverified guest",
  "verified guest",
  "unverified admin",
  "unverified super_admin",
  "admin",
  "super_admin",
];
type Expected = Record<Actor, number>;

const all = (status: number): Expected => ({
  anonymous: status,
  "unverified guest": status,
  "verified guest": status,
  "unverified admin": status,
  "unverified super_admin": status,
  admin: status,
  super_admin: status,
});
const signedIn = (status: number): Expected => ({ ...all(status), anonymous: 401 });
/** SPEC §2 admin routes are "online, verify, role": staff whose e-mail is unverified get 403. */
const staff = (status: number): Expected => ({
  ...signedIn(403),
  admin: status,
  super_admin: status,
});

type Resource =
  | "users"
  | "contacts"
  | "reply_templates"
  | "subscriptions"
  | "campaigns"
  | "projects"
  | "reviews"
  | "team"
  | "audit";
const resources: Resource[] = [
  "users",
  "contacts",
  "reply_templates",
  "subscriptions",
  "campaigns",
  "projects",
  "reviews",
  "team",
  "audit",
];
/** The audit log (decision 142): its permission is the super admins' alone. */
const superOnly = (status: number): Expected => ({ ...signedIn(403), super_admin: status });
const orAudit = (r: Resource, audit: number, other: Expected): Expected =>
  r === "audit" ? superOnly(audit) : other;

/** What each route is asked, per resource for the admin routes, and who gets which status. */
interface Case {
  request: (ctx: { resource: Resource; id: number }) => {
    path: string;
    body?: unknown;
  };
  expected: (resource: Resource) => Expected;
  /** What a 200 answers when it is not JSON (a CSV or .xlsx export). */
  okType?: RegExp;
  /** The id is of a lead's photo (decision 131), not of a record of `resource`. */
  record?: "photo";
}

const unique = () => `${randomUUID().slice(0, 8)}@example.test`;
const password = "azotea-con-vistas-al-mar-2026";

/** A valid form of each resource; a new resource without one fails the typecheck. */
const recordBodies: Record<Resource, () => Record<string, unknown>> = {
  users: () => ({ name: "Nuevo", email: unique(), role_id: 3, email_verified: true, password }),
  // The visitor's own fields as stored (staff may not change them: decision 140).
  contacts: () => ({
    name: "Ana",
    email: "ana@example.test",
    phone: "",
    subject: "Baño",
    message: "Hola",
    handled: true,
  }),
  // Reply templates (decision 258): a title of its own, a placeholder a lead fills in.
  reply_templates: () => ({
    title: `Plantilla ${randomUUID().slice(0, 8)}`,
    subject: "",
    body: "Hola, {nombre}.",
  }),
  subscriptions: () => ({ email: unique() }),
  campaigns: () => ({ subject: "Novedades", body: "Hola." }),
  projects: () => ({
    title: "Cocina en Ruzafa",
    slug: `cocina-${randomUUID().slice(0, 8)}`,
    service: "reformas-de-cocinas",
    city: "Valencia",
    province: "Valencia",
    year: 2026,
    duration: "5 semanas",
    summary: "Cocina abierta al salón.",
    body: "Tiramos el tabique.",
    status: "draft",
  }),
  reviews: () => ({
    author: "M. G.",
    city: "Valencia",
    service: "reformas-de-cocinas",
    rating: 5,
    text: "Muy contentos.",
    reviewed_on: "2026-10-01",
    source: "directa",
    consent_proof: "Correo del 2 de octubre de 2026",
  }),
  team: () => ({ name: "Ana Ruiz", role: "Jefa de obra", bio: "Dirige las obras." }),
  audit: () => ({}),
};
const recordBody = (resource: Resource) => recordBodies[resource]();

const cases: Record<string, Case> = {
  "POST /api/register": {
    request: () => ({
      path: "/api/register",
      body: { name: "Ana", email: unique(), password, password_confirmation: password },
    }),
    expected: () => all(201),
  },
  "POST /api/login": {
    request: () => ({ path: "/api/login", body: { email: unique(), password } }),
    expected: () => all(401),
  },
  // The sign-in's second step (decision 220): a made-up challenge is refused alike for everyone.
  "POST /api/login/two-factor": {
    request: () => ({
      path: "/api/login/two-factor",
      body: { challenge: "x".repeat(43), code: "123456" },
    }),
    expected: () => all(401),
  },
  // One's own second factor: verified staff only. Each caller is new, so not enrolled: a code
  // sent to confirm is wrong (422), and there is nothing yet to renew or remove (409).
  "GET /api/two-factor": {
    request: () => ({ path: "/api/two-factor" }),
    expected: () => staff(200),
  },
  "POST /api/two-factor/setup": {
    request: () => ({ path: "/api/two-factor/setup", body: {} }),
    expected: () => staff(200),
  },
  "POST /api/two-factor/confirm": {
    request: () => ({ path: "/api/two-factor/confirm", body: { code: "000000" } }),
    expected: () => staff(422),
  },
  "POST /api/two-factor/recovery-codes": {
    request: () => ({ path: "/api/two-factor/recovery-codes", body: { code: "000000" } }),
    expected: () => staff(409),
  },
  "POST /api/two-factor/disable": {
    request: () => ({ path: "/api/two-factor/disable", body: { code: "000000" } }),
    expected: () => staff(409),
  },
  // One's own sessions (decision 221): anyone signed in; another's session is not found.
  "GET /api/sessions": {
    request: () => ({ path: "/api/sessions" }),
    expected: () => signedIn(200),
  },
  "POST /api/sessions/close": {
    request: () => ({ path: "/api/sessions/close", body: { id: 2_147_483_647 } }),
    expected: () => signedIn(404),
  },
  "POST /api/sessions/close-others": {
    request: () => ({ path: "/api/sessions/close-others", body: {} }),
    expected: () => signedIn(200),
  },
  // One's own requests (decision 267): anyone signed in; a request that is not theirs (here
  // none is) is not found, by reference or photo id.
  "GET /api/my-requests": {
    request: () => ({ path: "/api/my-requests" }),
    expected: () => signedIn(200),
  },
  "GET /api/my-requests/:reference/photos/:photoId": {
    request: ({ id }) => ({ path: `/api/my-requests/OM-2026-00001/photos/${id}` }),
    expected: () => signedIn(404),
  },
  "GET /api/my-requests/:reference/photos/:photoId/thumbnail": {
    request: ({ id }) => ({ path: `/api/my-requests/OM-2026-00001/photos/${id}/thumbnail` }),
    expected: () => signedIn(404),
  },
  "POST /api/my-requests/:reference/photos": {
    request: () => ({ path: "/api/my-requests/OM-2026-00001/photos", body: {} }),
    expected: () => signedIn(404),
  },
  "POST /api/my-requests/:reference/erase": {
    request: () => ({ path: "/api/my-requests/OM-2026-00001/erase", body: {} }),
    expected: () => signedIn(404),
  },
  "GET /api/user": { request: () => ({ path: "/api/user" }), expected: () => signedIn(200) },
  "GET /api/logout": { request: () => ({ path: "/api/logout" }), expected: () => signedIn(200) },
  "GET /api/verify-email/:token": {
    request: () => ({ path: `/api/verify-email/${"x".repeat(43)}` }),
    expected: () => all(400),
  },
  "GET /api/email/resend": {
    request: () => ({ path: "/api/email/resend" }),
    expected: () => ({
      ...signedIn(400),
      "unverified guest": 200,
      "unverified admin": 200,
      "unverified super_admin": 200,
    }),
  },
  "POST /api/forgot-password": {
    request: () => ({ path: "/api/forgot-password", body: { email: unique() } }),
    expected: () => all(200),
  },
  "POST /api/reset-password/check": {
    request: () => ({
      path: "/api/reset-password/check",
      body: { email: unique(), token: "x".repeat(43) },
    }),
    expected: () => all(400),
  },
  "POST /api/reset-password": {
    request: () => ({
      path: "/api/reset-password",
      body: {
        email: unique(),
        token: "x".repeat(43),
        password,
        password_confirmation: password,
      },
    }),
    expected: () => all(400),
  },
  "POST /api/contacts": {
    request: () => ({
      path: "/api/contacts",
      body: {
        name: "Ana",
        phone: "600 000 000",
        subject: "Cocina",
        message: "Quiero reformar la cocina.",
      },
    }),
    expected: () => all(201),
  },
  "POST /api/subscriptions": {
    request: () => ({ path: "/api/subscriptions", body: { email: unique() } }),
    expected: () => all(201),
  },
  // Newsletter links need no account: a made-up one is refused the same for everyone.
  "POST /api/subscriptions/confirm": {
    request: () => ({ path: "/api/subscriptions/confirm", body: { token: "x".repeat(43) } }),
    expected: () => all(400),
  },
  // The List-Unsubscribe address opened in a browser: sent on to the page, whoever asks.
  "GET /api/subscriptions/unsubscribe": {
    request: () => ({ path: `/api/subscriptions/unsubscribe?token=${"x".repeat(43)}` }),
    expected: () => all(303),
  },
  "POST /api/subscriptions/unsubscribe": {
    request: () => ({ path: "/api/subscriptions/unsubscribe", body: { token: "x".repeat(43) } }),
    expected: () => all(400),
  },
  "GET /api/admin/:resource": {
    request: ({ resource }) => ({ path: `/api/admin/${resource}?page=1` }),
    expected: (r) => orAudit(r, 200, staff(200)),
  },
  "GET /api/admin/:resource/create": {
    request: ({ resource }) => ({ path: `/api/admin/${resource}/create` }),
    // Staff read contact messages but do not write them (decision 140).
    expected: (r) => orAudit(r, 404, staff(r === "contacts" ? 404 : 200)),
  },
  "GET /api/admin/:resource/create/:id": {
    request: ({ resource, id }) => ({ path: `/api/admin/${resource}/create/${id}` }),
    expected: (r) => orAudit(r, 404, staff(200)),
  },
  "POST /api/admin/:resource/create": {
    request: ({ resource }) => ({
      path: `/api/admin/${resource}/create`,
      body: recordBody(resource),
    }),
    expected: (r) => orAudit(r, 404, staff(r === "contacts" ? 404 : 201)),
  },
  "POST /api/admin/:resource/update": {
    request: ({ resource, id }) => ({
      path: `/api/admin/${resource}/update`,
      body: { ...recordBody(resource), id, password: "" },
    }),
    expected: (r) => orAudit(r, 404, staff(200)),
  },
  "GET /api/admin/:resource/delete/:id": {
    request: ({ resource, id }) => ({ path: `/api/admin/${resource}/delete/${id}` }),
    expected: (r) => orAudit(r, 404, staff(200)),
  },
  // Issue 13: the side navigation's counts, details, export, pipeline and bulk actions.
  "GET /api/admin/summary": {
    request: () => ({ path: "/api/admin/summary" }),
    expected: () => staff(200),
  },
  // The staff home's cards (decision 253): the leads' staff.
  "GET /api/admin/home": {
    request: () => ({ path: "/api/admin/home" }),
    expected: () => staff(200),
  },
  // A lead's «volver a contactar el …» (decision 255): the leads' staff.
  "POST /api/admin/contacts/follow-up": {
    request: ({ id }) => ({
      path: "/api/admin/contacts/follow-up",
      body: { id, on: "2026-12-01", note: "Llamar" },
    }),
    expected: () => staff(200),
  },
  "GET /api/admin/:resource/detail/:id": {
    request: ({ resource, id }) => ({ path: `/api/admin/${resource}/detail/${id}` }),
    expected: (r) => orAudit(r, 200, staff(200)),
  },
  "GET /api/admin/:resource/export": {
    request: ({ resource }) => ({ path: `/api/admin/${resource}/export?q=a` }),
    expected: (r) => orAudit(r, 200, staff(200)),
    okType: /^text\/csv; charset=utf-8$/,
  },
  // The same list for Excel, typed cells (decision 207).
  "GET /api/admin/:resource/export.xlsx": {
    request: ({ resource }) => ({ path: `/api/admin/${resource}/export.xlsx?q=a` }),
    expected: (r) => orAudit(r, 200, staff(200)),
    okType: /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet$/,
  },
  "POST /api/admin/:resource/status": {
    request: ({ resource, id }) => ({
      path: `/api/admin/${resource}/status`,
      body: { id, status: "visita" },
    }),
    // Only leads have a status.
    expected: (r) => orAudit(r, 404, staff(r === "contacts" ? 200 : 404)),
  },
  "POST /api/admin/:resource/assign": {
    request: ({ resource, id }) => ({
      path: `/api/admin/${resource}/assign`,
      body: { id, assignee_id: null },
    }),
    expected: (r) => orAudit(r, 404, staff(r === "contacts" ? 200 : 404)),
  },
  "POST /api/admin/:resource/notes": {
    request: ({ resource, id }) => ({
      path: `/api/admin/${resource}/notes`,
      body: { id, body: "Llamar el lunes." },
    }),
    expected: (r) => orAudit(r, 404, staff(r === "contacts" ? 201 : 404)),
  },
  // A reply to a lead (decision 187): staff who may change leads; other sections send none.
  "POST /api/admin/:resource/reply": {
    request: ({ resource, id }) => ({
      path: `/api/admin/${resource}/reply`,
      body: { id, subject: "Re: Baño", message: "Le llamamos el lunes." },
    }),
    expected: (r) => orAudit(r, 404, staff(r === "contacts" ? 201 : 404)),
  },
  "POST /api/admin/:resource/bulk": {
    request: ({ resource, id }) => ({
      path: `/api/admin/${resource}/bulk`,
      body: { action: "delete", ids: [id] },
    }),
    // The audit log is read-only: nothing in it is ever deleted.
    expected: (r) => orAudit(r, 404, staff(200)),
  },
  // A lead's photos (decision 131): the contacts section's staff only.
  "GET /api/admin/contacts/photos/:photoId": {
    request: ({ id }) => ({ path: `/api/admin/contacts/photos/${id}` }),
    expected: () => staff(200),
    okType: /^image\/jpeg$/,
    record: "photo",
  },
  "GET /api/admin/contacts/photos/:photoId/thumbnail": {
    request: ({ id }) => ({ path: `/api/admin/contacts/photos/${id}/thumbnail` }),
    expected: () => staff(200),
    okType: /^image\/jpeg$/,
    record: "photo",
  },
  // The one company record (decision 245): admins and super admins; guest staff refused.
  "GET /api/admin/company": {
    request: () => ({ path: "/api/admin/company" }),
    expected: () => staff(200),
  },
  "POST /api/admin/company": {
    request: () => ({ path: "/api/admin/company", body: { record: defaultCompanyRecord } }),
    expected: () => staff(200),
  },
  // A campaign's own screen (decision 102): the same staff rule, on a draft of its own.
  // Issue 35 (decisions 248-250). A JSON body is not an image: refused after the checks of who.
  "POST /api/site-photos": {
    request: () => ({ path: "/api/site-photos?name=foto.jpg", body: {} }),
    expected: () => staff(422),
  },
  "POST /api/admin/projects/:id/preview": {
    request: ({ id }) => ({ path: `/api/admin/projects/${id}/preview`, body: {} }),
    expected: () => staff(200),
  },
  // A draft opinion's and a team member's preview links (decision 270), as a project's.
  "POST /api/admin/reviews/:id/preview": {
    request: ({ id }) => ({ path: `/api/admin/reviews/${id}/preview`, body: {} }),
    expected: () => staff(200),
  },
  "POST /api/admin/team/:id/preview": {
    request: ({ id }) => ({ path: `/api/admin/team/${id}/preview`, body: {} }),
    expected: () => staff(200),
  },
  "POST /api/admin/projects/from-lead": {
    request: () => ({ path: "/api/admin/projects/from-lead", body: { lead_id: 2_000_000 } }),
    expected: () => staff(404),
  },
  "GET /api/admin/campaigns/:id": {
    request: ({ id }) => ({ path: `/api/admin/campaigns/${id}` }),
    expected: () => staff(200),
  },
  "GET /api/admin/campaigns/:id/preview": {
    request: ({ id }) => ({ path: `/api/admin/campaigns/${id}/preview` }),
    expected: () => staff(200),
  },
  "POST /api/admin/campaigns/:id/test": {
    request: ({ id }) => ({ path: `/api/admin/campaigns/${id}/test`, body: {} }),
    expected: () => staff(200),
  },
  // The live preview beside the editor (decision 259): staff of the section, nothing stored.
  "POST /api/admin/campaigns/preview": {
    request: () => ({
      path: "/api/admin/campaigns/preview",
      body: { subject: "Hola", body: "**Hola**" },
    }),
    expected: () => staff(200),
  },
  // A send at a date and time, and its cancellation (decision 259). Each caller's draft is new,
  // so there is no schedule of its own to cancel: staff get past the checks to a 409.
  "POST /api/admin/campaigns/:id/schedule": {
    request: ({ id }) => ({
      path: `/api/admin/campaigns/${id}/schedule`,
      body: { at: `${new Date().getFullYear() + 1}-01-15T10:00`, confirm_frequency: true },
    }),
    expected: () => staff(200),
  },
  "POST /api/admin/campaigns/:id/unschedule": {
    request: ({ id }) => ({ path: `/api/admin/campaigns/${id}/unschedule`, body: {} }),
    expected: () => staff(409),
  },
  "POST /api/admin/campaigns/:id/send": {
    // Each allowed actor sends a campaign of its own, moments after the last (decision 103).
    request: ({ id }) => ({
      path: `/api/admin/campaigns/${id}/send`,
      body: { confirm_frequency: true },
    }),
    expected: () => staff(200),
  },
  // The quote form's step funnel (decision 264): a count anyone's browser reports.
  "POST /api/funnel": {
    request: () => ({ path: "/api/funnel", body: { service: "ninguno", step: "opened" } }),
    expected: () => all(202),
  },
  // Where the leads came from (decisions 261, 262): staff of the contacts section.
  "GET /api/admin/sources": {
    request: () => ({ path: "/api/admin/sources?from=2026-01&to=2026-12" }),
    expected: () => staff(200),
  },
  "GET /api/admin/sources/conversions": {
    request: () => ({ path: "/api/admin/sources/conversions?from=2026-01-01&to=2026-12-31" }),
    expected: () => staff(200),
    okType: /^text\/csv; charset=utf-8$/,
  },
};

/**
 * The role hierarchy on the users section (decision 074): which account a change is about, the
 * request, and what admin and super_admin get. Every other caller is refused as on any admin
 * route (401, or 403 without a verified e-mail or the permission).
 */
type RoleName = "super_admin" | "admin" | "guest_user";
type Account = { id: number; name: string; email: string; role_id: number };
interface HierarchyCase {
  /** "self": the caller's own account; "last super admin": the only one left (the caller when a super admin calls). */
  target: "none" | "guest" | "super admin" | "self" | "last super admin";
  request: (
    target: Account,
    roleId: Record<RoleName, number>,
  ) => { method: "GET" | "POST"; path: string; body?: unknown };
  admin: number;
  superAdmin: number;
}

const byStaff = (admin: number, superAdmin: number): Expected => ({
  ...signedIn(403),
  admin,
  super_admin: superAdmin,
});

const newAccount = (role_id: number) => ({
  name: "Nueva Cuenta",
  email: unique(),
  role_id,
  email_verified: true,
  password,
});
const edit = (target: Account, changes: Partial<Account> = {}) => ({
  method: "POST" as const,
  path: "/api/admin/users/update",
  body: { ...target, email_verified: true, password: "", ...changes },
});
const remove = (target: Account) => ({
  method: "GET" as const,
  path: `/api/admin/users/delete/${target.id}`,
});

const hierarchy: Record<string, HierarchyCase> = {
  "create a super admin": {
    target: "none",
    request: (_, role) => ({
      method: "POST",
      path: "/api/admin/users/create",
      body: newAccount(role.super_admin),
    }),
    admin: 403,
    superAdmin: 201,
  },
  "create an admin": {
    target: "none",
    request: (_, role) => ({
      method: "POST",
      path: "/api/admin/users/create",
      body: newAccount(role.admin),
    }),
    admin: 201,
    superAdmin: 201,
  },
  "open a super admin's edit form": {
    target: "super admin",
    request: (target) => ({ method: "GET", path: `/api/admin/users/create/${target.id}` }),
    admin: 200,
    superAdmin: 200,
  },
  "edit a super admin's name": {
    target: "super admin",
    request: (target) => edit(target, { name: "Nombre Cambiado" }),
    admin: 403,
    superAdmin: 200,
  },
  "promote a user to super admin": {
    target: "guest",
    request: (target, role) => edit(target, { role_id: role.super_admin }),
    admin: 403,
    superAdmin: 200,
  },
  "demote a super admin to admin": {
    target: "super admin",
    request: (target, role) => edit(target, { role_id: role.admin }),
    admin: 403,
    superAdmin: 200,
  },
  "delete a super admin": {
    target: "super admin",
    request: remove,
    admin: 403,
    superAdmin: 200,
  },
  "change one's own role": {
    target: "self",
    request: (target, role) => edit(target, { role_id: role.guest_user }),
    admin: 403,
    superAdmin: 403,
  },
  "edit one's own name, keeping the role": {
    target: "self",
    request: (target) => edit(target, { name: "Mi Nombre Nuevo" }),
    admin: 200,
    superAdmin: 200,
  },
  "delete one's own account": {
    target: "self",
    request: remove,
    admin: 403,
    superAdmin: 403,
  },
  "demote the last super admin": {
    target: "last super admin",
    request: (target, role) => edit(target, { role_id: role.admin }),
    admin: 403,
    superAdmin: 422,
  },
  "delete the last super admin": {
    target: "last super admin",
    request: remove,
    admin: 403,
    superAdmin: 422,
  },
};

describe.skipIf(skipDatabase)("authorization matrix", () => {
  const t = perSuite(() => createTestApp());
  beforeAll(async () => {
    // One confirmed subscriber, so that a campaign's send has someone to go to.
    await t.db.insert(subscriptions).values({
      email: "suscriptora@example.test",
      status: "confirmed",
      unsubscribe_token: "matriz",
    });
  });

  const apiRoutes = () => [
    ...new Set(
      t.app.routes
        // The body checks are middleware on "/api/*" for POST, PUT and PATCH, not routes.
        .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && r.path !== "/api/*")
        .map((r) => `${r.method} ${r.path}`),
    ),
  ];

  it("has a row for every route the API serves", () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !(r in cases))).toEqual([]);
  });

  /** A fresh caller (logout revokes tokens; resend is throttled per user). */
  async function caller(actor: Actor): Promise<{ token?: string; account?: Account }> {
    if (actor === "anonymous") return {};
    const role = actor.endsWith("super_admin")
      ? "super_admin"
      : actor.endsWith("admin")
        ? "admin"
        : "guest_user";
    const user = await createUser(t.db, { role, verified: !actor.startsWith("unverified") });
    const { id, name, email, role_id } = user;
    return { token: await signIn(t.db, user.id), account: { id, name, email, role_id } };
  }

  // One address per request: throttles are tested on their own, not here.
  const send = (method: string, path: string, token: string | undefined, body?: unknown) =>
    t.request(method, path, body, token, uniqueIp());

  /** The id of a new row of the resource's table (a new resource without one fails the typecheck). */
  const insertedId = (rows: { id: number }[]) => rows[0]?.id ?? 0;
  const newRecords: Record<Resource, () => Promise<number>> = {
    users: async () => (await createUser(t.db)).id,
    contacts: async () =>
      insertedId(
        await t.db
          .insert(contacts)
          .values({ name: "Ana", email: "ana@example.test", subject: "Baño", message: "Hola" })
          .returning(),
      ),
    reply_templates: async () =>
      insertedId(
        await t.db
          .insert(replyTemplates)
          .values({ title: `Plantilla ${randomUUID().slice(0, 8)}`, body: "Hola." })
          .returning(),
      ),
    subscriptions: async () =>
      insertedId(await t.db.insert(subscriptions).values({ email: unique() }).returning()),
    campaigns: async () =>
      insertedId(
        await t.db.insert(campaigns).values({ subject: "Novedades", body: "Hola." }).returning(),
      ),
    projects: async () =>
      insertedId(
        await t.db
          .insert(projects)
          .values({
            title: "Baño",
            slug: `bano-${randomUUID().slice(0, 8)}`,
            service: "reformas-de-banos",
            city: "Alicante",
            province: "Alicante",
            year: 2025,
            duration: "3 semanas",
            summary: "Un baño.",
            body: "Texto.",
          })
          .returning(),
      ),
    reviews: async () =>
      insertedId(
        await t.db
          .insert(reviews)
          .values({
            author: "L. P.",
            city: "Madrid",
            service: "reformas-integrales",
            rating: 4,
            text: "Bien.",
            reviewed_on: "2026-09-01",
            source: "google",
            consent_proof: "Formulario firmado",
          })
          .returning(),
      ),
    team: async () =>
      insertedId(
        await t.db
          .insert(teamMembers)
          .values({ name: "Luis", role: "Encargado", bio: "Lleva las obras." })
          .returning(),
      ),
    audit: async () =>
      insertedId(
        await t.db
          .insert(adminAudit)
          .values({
            actor_name: "Ana",
            actor_email: "ana@example.test",
            action: "update",
            resource: "users",
          })
          .returning(),
      ),
  };
  /** A record of its own for each request, since some requests delete or change it. */
  const recordId = (resource: Resource) => newRecords[resource]();

  /** A lead with one photo (written straight into the database), for the photo routes. */
  let image: Buffer | undefined;
  async function photoId(): Promise<number> {
    image ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c66" } })
      .jpeg()
      .toBuffer();
    const lead = await recordId("contacts");
    const [row] = await t.db
      .insert(leadPhotos)
      .values({
        contact_id: lead,
        position: 1,
        name: "foto.jpg",
        content_type: "image/jpeg",
        width: 8,
        height: 8,
        bytes: image,
        thumbnail: image,
        original_sha256: Buffer.alloc(32),
      })
      .returning();
    return row?.id ?? 0;
  }

  for (const [route, routeCase] of Object.entries(cases)) {
    const perResource = route.includes(":resource")
      ? resources
      : route.includes("/campaigns/")
        ? (["campaigns"] as Resource[])
        : route.includes("/admin/projects/")
          ? (["projects"] as Resource[])
          : route.includes("/admin/reviews/")
            ? (["reviews"] as Resource[])
            : route.includes("/admin/team/")
              ? (["team"] as Resource[])
              : route.includes("/contacts/follow-up")
                ? (["contacts"] as Resource[])
                : (["users"] as Resource[]);
    for (const resource of perResource) {
      const label = route.includes(":resource") ? `${route} (${resource})` : route;
      it(`${label}: ${actors.map((a) => `${a} ${routeCase.expected(resource)[a]}`).join(", ")}`, async () => {
        const got: Partial<Expected> = {};
        for (const actor of actors) {
          const { token } = await caller(actor);
          const id = routeCase.record === "photo" ? await photoId() : await recordId(resource);
          const { path, body } = routeCase.request({ resource, id });
          const res = await send(route.split(" ")[0] ?? "GET", path, token, body);
          got[actor] = res.status;
          const okType = res.status === 200 ? routeCase.okType : undefined;
          expect(res.headers.get("content-type")).toMatch(okType ?? /application\/json/);
          if (okType) await res.body?.cancel();
        }
        expect(got).toEqual(routeCase.expected(resource));
      });
    }
  }

  describe("role hierarchy (users)", () => {
    let roleId: Record<RoleName, number>;
    beforeAll(async () => {
      const rows = await t.db.select({ id: roles.id, name: roles.name }).from(roles);
      roleId = Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<RoleName, number>;
    });

    async function account(role: RoleName): Promise<Account> {
      const { id, name, email, role_id } = await createUser(t.db, { role });
      return { id, name, email, role_id };
    }

    /** Every super admin but `keep` becomes an admin, straight in the database. */
    async function onlySuperAdmin(keep: Account): Promise<Account> {
      await t.db
        .update(users)
        .set({ role_id: roleId.admin })
        .where(and(eq(users.role_id, roleId.super_admin), ne(users.id, keep.id)));
      return keep;
    }

    async function targetOf(kind: HierarchyCase["target"], actor: Actor, me?: Account) {
      // Another super admin exists whenever the caller acts on its own account.
      if (kind === "self") await account("super_admin");
      if (kind === "guest" || kind === "none" || (kind === "self" && !me))
        return account("guest_user");
      if (kind === "super admin") return account("super_admin");
      if (kind === "self" && me) return me;
      return onlySuperAdmin(actor === "super_admin" && me ? me : await account("super_admin"));
    }

    for (const [change, row] of Object.entries(hierarchy)) {
      const expected = byStaff(row.admin, row.superAdmin);
      it(`${change}: ${actors.map((a) => `${a} ${expected[a]}`).join(", ")}`, async () => {
        const got: Partial<Expected> = {};
        for (const actor of actors) {
          const { token, account: me } = await caller(actor);
          const target = await targetOf(row.target, actor, me);
          const { method, path, body } = row.request(target, roleId);
          const res = await send(method, path, token, body);
          got[actor] = res.status;
          expect(res.headers.get("content-type")).toMatch(/application\/json/);
        }
        expect(got).toEqual(expected);
        // Whatever was asked, a super admin is left to recover the rest.
        const left = await t.db.select().from(users).where(eq(users.role_id, roleId.super_admin));
        expect(left.length).toBeGreaterThan(0);
      });
    }
  });
});
