import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { safeError, setupLog } from "../log.ts";
import { fromDatabase, isDatabaseUnavailable } from "./errors.ts";

/** A socket's error as Node makes it (a request's body stream, a pg connection). */
const socketError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("what counts as the database being unavailable (503)", () => {
  it("never a socket error that did not come from the database: a client cutting its body short", () => {
    // What Node fails a request's body with when the client goes away mid-body.
    expect(isDatabaseUnavailable(socketError("ECONNRESET", "aborted"))).toBe(false);
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]) {
      expect(isDatabaseUnavailable(socketError(code, "socket"))).toBe(false);
      expect(
        isDatabaseUnavailable(new TypeError("fetch failed", { cause: socketError(code, "x") })),
      ).toBe(false);
    }
  });

  it("the same socket errors from the database connection: a failed query's or one the client marked", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]) {
      const failedQuery = new DrizzleQueryError("select 1", [], socketError(code, "read"));
      expect(isDatabaseUnavailable(failedQuery), code).toBe(true);
      expect(isDatabaseUnavailable(fromDatabase(socketError(code, "connect"))), code).toBe(true);
    }
  });

  it("PostgreSQL's own codes and node-postgres's own messages, wherever they are", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("bye"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("x is not a function"))).toBe(false);
  });
});

/**
 * A failed query is logged by its SQL, PostgreSQL's code and message, never by its parameters:
 * those are password hashes, tokens, visitors' messages (issue 10 item 6: a failed sign-up
 * logged its INSERT with the argon2 hash).
 */
describe.skipIf(skipDatabase)("database errors in the log", () => {
  const t = perSuite(() => createTestApp());
  let logged: string[] = [];
  afterEach(() => {
    setupLog(process.env);
    logged = [];
  });
  /** Every text a value carries, whatever field it is in. */
  const texts = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : value && typeof value === "object"
        ? Object.values(value).flatMap(texts)
        : [String(value)];
  /** Every line the log writes from now on, as the texts it carries. */
  const captureLog = () =>
    setupLog(
      { NODE_ENV: "production" },
      { write: (line: string) => void logged.push(texts(JSON.parse(line)).join(" ")) },
    );

  it("a sign-up whose INSERT fails logs the SQL and the code, not the hash or the address", async () => {
    // A rule the database enforces and the form does not know: the INSERT itself fails.
    await t.db.execute(
      sql`alter table users add constraint refuses_test_name check (name <> 'Nombre Rechazado')`,
    );
    captureLog();
    const res = await t.post("/api/register", {
      name: "Nombre Rechazado",
      email: "rechazada@example.test",
      password: "una frase larga de verdad",
      password_confirmation: "una frase larga de verdad",
    });
    expect(res.status).toBe(500);
    expect((await res.json()).title).toBe("Error de Servidor");
    const written = logged.join("\n");
    expect(written).toContain("/api/register");
    expect(written).toContain('insert into "users"');
    expect(written).toContain("23514");
    expect(written).not.toContain("$argon2");
    expect(written).not.toContain("rechazada@example.test");
    expect(written).not.toContain("Nombre Rechazado");
  });

  it("logs a failed query with its SQL, code and message, without its parameters", async () => {
    const error = await t.db.execute(sql`select ${"secreto-123"}::text, 1 / 0`).then(
      () => undefined,
      (e: unknown) => e,
    );
    const { message, stack } = safeError(error);
    const text = `${message}\n${stack}`;
    expect(text).toContain("select $1::text, 1 / 0");
    expect(text).toContain("22012");
    expect(text).toContain("division by zero");
    expect(text).not.toContain("secreto-123");
    // Where it failed stays in the log.
    expect(text).toMatch(/\n\s+at /);
  });

  it("keeps an ordinary error's message, its causes and its stack", () => {
    const error = new TypeError("x is not a function", { cause: new Error("the cause") });
    const { message, stack } = safeError(error);
    const text = `${message}\n${stack}`;
    expect(text).toContain("TypeError: x is not a function");
    expect(text).toContain("cause: Error: the cause");
    expect(text).toMatch(/\n\s+at /);
  });
});
