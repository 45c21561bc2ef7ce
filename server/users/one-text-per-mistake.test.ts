import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser as createTestUser, signIn } from "../../tests/support/users.ts";
import { createUser, UserInputError } from "./create-user.ts";

/**
 * Issue 11: an account is made in one place (server/users), so the same mistake gets the same
 * Spanish text whether a visitor signs up, staff use the admin form, or the operator runs
 * `npm run user:create` (which calls createUser through the control socket).
 */
describe.skipIf(skipDatabase)("one text per mistake, on every path that makes an account", () => {
  const t = perSuite(() => createTestApp());
  let token: string;
  let ip = 0;
  beforeAll(async () => {
    const staff = await createTestUser(t.db, { role: "super_admin" });
    token = await signIn(t.db, staff.id);
  });

  const password = "tejado-verde-2026";
  const signUp = async (body: Record<string, unknown>) =>
    (
      await (
        await t.post(
          "/api/register",
          { password, password_confirmation: password, ...body },
          undefined,
          `192.0.2.${++ip}`,
        )
      ).json()
    ).errors;
  const adminCreate = async (body: Record<string, unknown>) =>
    (
      await (
        await t.post("/api/admin/users/create", { password, role_id: 3, ...body }, token)
      ).json()
    ).errors;
  const operatorCreate = (body: { name: string; email: string }) =>
    createUser(t.db, { ...body, password, role: "admin", verified: true }).then(
      () => undefined,
      (error: unknown) => (error instanceof UserInputError ? error.errors : Promise.reject(error)),
    );

  /** Every path refuses `body` with exactly `expected` on `field`. */
  async function expectOnEveryPath(
    body: { name: string; email: string },
    field: "name" | "email",
    expected: string[],
  ) {
    expect((await signUp(body))[field], "sign-up").toEqual(expected);
    expect((await adminCreate(body))[field], "admin form").toEqual(expected);
    expect((await operatorCreate(body))?.[field], "user:create").toEqual(expected);
  }

  it("a malformed e-mail", async () => {
    await expectOnEveryPath({ name: "Ana", email: "ana@" }, "email", [
      "El campo «Correo electrónico» debe ser un correo electrónico válido.",
    ]);
  });

  it("an e-mail that already has an account, in any letter case", async () => {
    await createTestUser(t.db, { email: "ocupada@example.test" });
    await expectOnEveryPath({ name: "Ana", email: "Ocupada@Example.TEST" }, "email", [
      "Ya existe una cuenta con este correo electrónico.",
    ]);
  });

  it("a missing name", async () => {
    await expectOnEveryPath({ name: " ", email: "nadie@example.test" }, "name", [
      "El campo «Nombre» es obligatorio.",
    ]);
  });
});
