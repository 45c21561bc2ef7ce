import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, skipDatabase } from "../../tests/support/database.ts";
import { verifyPassword } from "../auth/passwords.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { roles, users } from "../db/schema.ts";
import { createUser, UserInputError } from "./create-user.ts";

describe.skipIf(skipDatabase)("createUser", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const attempt = (input: Partial<Parameters<typeof createUser>[1]>) =>
    createUser(database.db, {
      name: "Elena Obra",
      email: "elena@example.test",
      password: "tejado-verde-2026",
      role: "admin",
      verified: true,
      ...input,
    }).then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof UserInputError) return error.errors;
        throw error;
      },
    );

  it("makes a verified user with the named role and an argon2id hash of the password", async () => {
    const user = await createUser(database.db, {
      name: " Elena  Obra ",
      email: " Elena@Example.TEST",
      password: "tejado-verde-2026",
      role: "super_admin",
      verified: true,
    });
    expect(user).toMatchObject({
      name: "Elena  Obra",
      email: "elena@example.test",
      role: "super_admin",
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email_verified_at).toBeInstanceOf(Date);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.password_hash ?? "", "tejado-verde-2026")).toBe(true);
  });

  it("accepts a role by id and can leave the address unverified", async () => {
    const [guest] = await database.db.select().from(roles).where(eq(roles.name, "guest_user"));
    const user = await createUser(database.db, {
      name: "Invitado",
      email: "invitado@example.test",
      password: "tejado-verde-2026",
      role: guest?.id ?? 0,
      verified: false,
    });
    expect(user.role).toBe("guest_user");
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email_verified_at).toBeNull();
  });

  it("refuses the same e-mail in any letter case", async () => {
    expect(await attempt({ email: "ELENA@example.test" })).toEqual({
      email: ["Ya existe una cuenta con este correo electrónico."],
    });
  });

  it("applies the registration password policy", async () => {
    expect(await attempt({ email: "a@example.test", password: "corta" })).toEqual({
      password: ["La contraseña debe tener al menos 8 caracteres."],
    });
    const common = await attempt({ email: "a@example.test", password: "Password1" });
    expect(common?.password?.[0]).toMatch(/más usadas/);
  });

  it("refuses an unknown role, a bad e-mail and an empty name together", async () => {
    expect(await attempt({ name: "", email: "no-es-correo", role: "jefe" })).toEqual({
      name: ["El campo «Nombre» es obligatorio."],
      email: ["El campo «Correo electrónico» debe ser un correo electrónico válido."],
      role: ["El rol no existe. Usa uno de estos: super_admin, admin, guest_user."],
    });
  });

  it("makes one account when the same e-mail is submitted twice at once", async () => {
    const results = await Promise.allSettled([
      attempt({ email: "doble@example.test" }),
      attempt({ email: "DOBLE@example.test" }),
    ]);
    const errors = results.map((r) => (r.status === "fulfilled" ? r.value : r.reason));
    expect(errors.filter((e) => e === undefined)).toHaveLength(1);
    const rows = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "doble@example.test"));
    expect(rows).toHaveLength(1);
  });
});
