import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { contacts, subscriptions } from "../db/schema.ts";

/**
 * Every API route × every kind of caller, with the status each must get. The route list comes
 * from the router itself: a route added without a row here fails the first test.
 */
type Actor = "anonymous" | "unverified guest" | "verified guest" | "admin" | "super_admin";
const actors: Actor[] = ["anonymous", "unverified guest", "verified guest", "admin", "super_admin"];
type Expected = Record<Actor, number>;

const all = (status: number): Expected => ({
  anonymous: status,
  "unverified guest": status,
  "verified guest": status,
  admin: status,
  super_admin: status,
});
const signedIn = (status: number): Expected => ({ ...all(status), anonymous: 401 });
const staff = (status: number): Expected => ({
  ...signedIn(403),
  admin: status,
  super_admin: status,
});

type Resource = "users" | "contacts" | "subscriptions";
const resources: Resource[] = ["users", "contacts", "subscriptions"];

/** What each route is asked, per resource for the admin routes, and who gets which status. */
interface Case {
  request: (ctx: { resource: Resource; id: number }) => {
    path: string;
    body?: unknown;
  };
  expected: (resource: Resource) => Expected;
}

const unique = () => `${randomUUID().slice(0, 8)}@example.test`;
const password = "azotea-con-vistas-al-mar-2026";

const recordBody = (resource: Resource): Record<string, unknown> => {
  if (resource === "users") {
    return { name: "Nuevo", email: unique(), role_id: 3, email_verified: true, password };
  }
  if (resource === "subscriptions") return { email: unique() };
  return {
    name: "Ana",
    email: "ana@example.test",
    phone: "",
    subject: "Presupuesto",
    message: "Hola",
    handled: true,
  };
};

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
  "GET /api/user": { request: () => ({ path: "/api/user" }), expected: () => signedIn(200) },
  "GET /api/logout": { request: () => ({ path: "/api/logout" }), expected: () => signedIn(200) },
  "GET /api/verify-email/:token": {
    request: () => ({ path: `/api/verify-email/${"x".repeat(43)}` }),
    expected: () => all(400),
  },
  "GET /api/email/resend": {
    request: () => ({ path: "/api/email/resend" }),
    expected: () => ({ ...signedIn(400), "unverified guest": 200 }),
  },
  "POST /api/forgot-password": {
    request: () => ({ path: "/api/forgot-password", body: { email: unique() } }),
    expected: () => all(200),
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
  "GET /api/admin/:resource": {
    request: ({ resource }) => ({ path: `/api/admin/${resource}?page=1` }),
    expected: () => staff(200),
  },
  "GET /api/admin/:resource/create": {
    request: ({ resource }) => ({ path: `/api/admin/${resource}/create` }),
    // Staff read contact messages but do not write them (decision 023).
    expected: (r) => staff(r === "contacts" ? 404 : 200),
  },
  "GET /api/admin/:resource/create/:id": {
    request: ({ resource, id }) => ({ path: `/api/admin/${resource}/create/${id}` }),
    expected: () => staff(200),
  },
  "POST /api/admin/:resource/create": {
    request: ({ resource }) => ({
      path: `/api/admin/${resource}/create`,
      body: recordBody(resource),
    }),
    expected: (r) => staff(r === "contacts" ? 404 : 201),
  },
  "POST /api/admin/:resource/update": {
    request: ({ resource, id }) => ({
      path: `/api/admin/${resource}/update`,
      body: { ...recordBody(resource), id, password: "" },
    }),
    expected: () => staff(200),
  },
  "GET /api/admin/:resource/delete/:id": {
    request: ({ resource, id }) => ({ path: `/api/admin/${resource}/delete/${id}` }),
    expected: () => staff(200),
  },
};

describe.skipIf(skipDatabase)("authorization matrix", () => {
  let t: TestApp;
  let requestCount = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

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
  async function caller(actor: Actor): Promise<string | undefined> {
    if (actor === "anonymous") return undefined;
    const role = actor === "admin" || actor === "super_admin" ? actor : "guest_user";
    const user = await createUser(t.db, { role, verified: actor !== "unverified guest" });
    return signIn(t.db, user.id);
  }

  /** A record of its own for each request, since some requests delete or change it. */
  async function recordId(resource: Resource): Promise<number> {
    if (resource === "users") return (await createUser(t.db)).id;
    if (resource === "subscriptions") {
      const [row] = await t.db.insert(subscriptions).values({ email: unique() }).returning();
      return row?.id ?? 0;
    }
    const [row] = await t.db
      .insert(contacts)
      .values({ name: "Ana", subject: "Baño", message: "Hola" })
      .returning();
    return row?.id ?? 0;
  }

  for (const [route, routeCase] of Object.entries(cases)) {
    const perResource = route.includes(":resource") ? resources : (["users"] as Resource[]);
    for (const resource of perResource) {
      const label = route.includes(":resource") ? `${route} (${resource})` : route;
      it(`${label}: ${actors.map((a) => `${a} ${routeCase.expected(resource)[a]}`).join(", ")}`, async () => {
        const got: Partial<Expected> = {};
        for (const actor of actors) {
          const token = await caller(actor);
          const { path, body } = routeCase.request({ resource, id: await recordId(resource) });
          requestCount += 1;
          const res = await t.app.request(path, {
            method: route.split(" ")[0],
            headers: {
              ...(token ? { Authorization: `Bearer ${token}` } : {}),
              ...(body === undefined ? {} : { "Content-Type": "application/json" }),
              // One address per request: throttles are tested on their own, not here.
              "X-Forwarded-For": `198.51.${Math.floor(requestCount / 250)}.${requestCount % 250}`,
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          got[actor] = res.status;
          expect(res.headers.get("content-type")).toMatch(/application\/json/);
        }
        expect(got).toEqual(routeCase.expected(resource));
      });
    }
  }
});
