import { redirect } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { continueToReturn, rememberingReturn, takeReturn } from "./access-layout";

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
