// The people of the account and admin stories: made through the product's own doors (the
// register API + the verification mail, or `npm run user:create` for staff) and signed in by
// putting their token where the site keeps it (localStorage "authToken", SPEC §4).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { APIRequestContext, Page } from "@playwright/test";
import { e2eDataDir } from "../../../playwright.config";
import { expect, linkPath, type Mailbox } from "./mailbox";

const run = promisify(execFile);

export const password = "tejado-de-teja-árabe-2026";

let serial = 0;
/** An address nobody else in this run uses (tests run in parallel workers). */
export function uniqueEmail(label: string): string {
  serial += 1;
  return `${label}.${process.pid}.${Date.now().toString(36)}${serial}@example.test`.toLowerCase();
}

export interface Person {
  name: string;
  email: string;
  password: string;
  token: string;
}

export type Role = "super_admin" | "admin" | "guest_user";

/** A verified account with `role`, made by the documented CLI against the running server. */
export async function createWithRole(
  request: APIRequestContext,
  role: Role,
  name = `Persona ${role}`,
): Promise<Person> {
  const email = uniqueEmail(role.replace("_", "-"));
  await run(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/user-create.ts",
      "--name",
      name,
      "--email",
      email,
      "--password",
      password,
      "--role",
      role,
    ],
    { env: { ...process.env, DATA_DIR: e2eDataDir }, timeout: 60_000 },
  );
  return { name, email, password, token: await apiLogin(request, email, password) };
}

export async function apiLogin(
  request: APIRequestContext,
  email: string,
  secret = password,
): Promise<string> {
  const response = await request.post("/api/login", { data: { email, password: secret } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).token;
}

/** A guest_user through POST /api/register: signed in, e-mail not verified yet. */
export async function registerUnverified(
  request: APIRequestContext,
  name = "Marta Invitada",
): Promise<Person> {
  const email = uniqueEmail("guest");
  // The e2e server trusts X-Forwarded-For: each account seems to come from its own address,
  // so the per-address registration limit (10 an hour) never trips over the suite itself.
  const response = await request.post("/api/register", {
    data: { name, email, password, password_confirmation: password },
    headers: {
      "X-Forwarded-For": `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { name, email, password, token: (await response.json()).token };
}

/** A guest_user who opened the link of the verification mail. */
export async function registerVerified(
  request: APIRequestContext,
  mailbox: Mailbox,
  name = "Jordi Verificado",
): Promise<Person> {
  const person = await registerUnverified(request, name);
  const mail = await mailbox.waitForMail(person.email);
  const token = linkPath(mail, "/verify-email/").split("/").pop();
  const response = await request.get(`/api/verify-email/${token}`);
  expect(response.status(), await response.text()).toBe(200);
  return person;
}

/** Opens the site signed in as `person` (or signed out with null), on `path`. */
export async function openAs(page: Page, person: Person | null, path: string): Promise<void> {
  // Any same-origin document gives access to localStorage; robots.txt is the cheapest.
  await page.goto("/robots.txt");
  await page.evaluate(
    (token) =>
      token ? localStorage.setItem("authToken", token) : localStorage.removeItem("authToken"),
    person?.token ?? null,
  );
  await page.goto(path);
}
