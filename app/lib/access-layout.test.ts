import { redirect } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { continueToReturn, enrolmentFirst, rememberingReturn, takeReturn } from "./access-layout";
import { setSession } from "./session";

/** The tab's sessionStorage, as a browser keeps it. */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** Runs `check` wrapped for the page at `url`, as React Router would, and swallows its redirect. */
async function visit(url: string, check: () => never | undefined) {
  const middleware = rememberingReturn(() => check());
  const args = { request: new Request(url) } as Parameters<typeof middleware>[0];
  await Promise.resolve(middleware(args, async () => undefined)).catch(() => undefined);
}

describe("the page asked for before signing in", () => {
  beforeEach(() => vi.stubGlobal("sessionStorage", fakeStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it("is remembered when the guards send a visitor to /login, and offered once", async () => {
    await visit("http://localhost/admin/contacts/detail/7?desde=correo", () => {
      throw redirect("/login");
    });
    expect(takeReturn()).toBe("/admin/contacts/detail/7?desde=correo");
    expect(takeReturn()).toBeNull();
  });

  it("is not remembered for any other redirect, nor when the visitor may stay", async () => {
    await visit("http://localhost/login", () => {
      throw redirect("/dashboard");
    });
    await visit("http://localhost/dashboard", () => undefined);
    expect(takeReturn()).toBeNull();
  });

  it("is forgotten after 30 minutes, and never leads to another site", async () => {
    await visit("http://localhost/admin/users/index", () => {
      throw redirect("/login");
    });
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 31 * 60_000);
    expect(takeReturn()).toBeNull();
    vi.restoreAllMocks();

    await visit("http://localhost//otro-sitio.example/admin/users/index", () => {
      throw redirect("/login");
    });
    expect(takeReturn()).toBeNull();
  });

  it("is where the dashboard goes on to at once, replacing itself in the tab's history", async () => {
    await visit("http://localhost/admin/contacts/detail/7", () => {
      throw redirect("/login");
    });
    let thrown: unknown;
    try {
      continueToReturn();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/contacts/detail/7");
    expect((thrown as Response).headers.get("X-Remix-Replace")).toBe("true");
    // Taken once: the dashboard reached again stays.
    expect(() => continueToReturn()).not.toThrow();
  });

  it("never sends the dashboard to itself", async () => {
    await visit("http://localhost/dashboard?desde=logo", () => {
      throw redirect("/login");
    });
    expect(() => continueToReturn()).not.toThrow();
  });
});

describe("a second factor due and missing (decision 220)", () => {
  /** The browser signed in as a staff member whose `two_factor` GET /api/user answers. */
  function signedInAs(twoFactor: {
    enabled: boolean;
    required_from: string | null;
    required: boolean;
  }) {
    const storage = fakeStorage();
    storage.setItem("authToken", `token-${Math.random()}`);
    vi.stubGlobal("localStorage", storage);
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(
          JSON.stringify({
            user: {
              id: 1,
              name: "Elena",
              email: "elena@example.test",
              email_verified_at: "2026-11-01T00:00:00Z",
              roles: [{ name: "admin", label: "Administrador", permissions: [] }],
              two_factor: twoFactor,
            },
          }),
          { status: 200, headers: { "content-type": "application/json" } },
        ),
    );
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    // The session store is the module's: leave it as a fresh page has it, for the files after.
    setSession({ ready: false, token: null, user: null });
  });

  const run = () =>
    Promise.resolve(
      enrolmentFirst(
        { request: new Request("http://localhost/dashboard") } as Parameters<
          typeof enrolmentFirst
        >[0],
        async () => undefined,
      ),
    ).then(
      () => null,
      (thrown: unknown) => (thrown instanceof Response ? thrown.headers.get("Location") : thrown),
    );

  it("sends every signed-in screen to the enrolment", async () => {
    signedInAs({ enabled: false, required_from: "2020-01-01", required: true });
    expect(await run()).toBe("/admin/seguridad");
  });

  it("lets staff through before the date, and once enrolled", async () => {
    signedInAs({ enabled: false, required_from: "2999-01-01", required: false });
    expect(await run()).toBeNull();
    signedInAs({ enabled: true, required_from: "2020-01-01", required: false });
    expect(await run()).toBeNull();
  });
});
