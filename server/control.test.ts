import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, skipDatabase } from "../tests/support/database.ts";
import {
  type ControlSocket,
  requestControl,
  requestRunningSite,
  startControlSocket,
} from "./control.ts";
import { lockEmbeddedDatabase } from "./data-dir.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { blockedConsents, subscriptions, users } from "./db/schema.ts";

/** Sends raw bytes and returns the raw answer (for requests the client would never make). */
function raw(socketPath: string, payload: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath, () => socket.write(payload));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe.skipIf(skipDatabase)("the control socket", () => {
  let database: DatabaseHandle;
  let control: ControlSocket;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "obra-ctl-"));

  beforeAll(async () => {
    database = await createTestDatabase();
    // A socket file left behind by a server that was killed must not stop the next one.
    writeFileSync(path.join(dataDir, "control.sock"), "");
    const started = await startControlSocket({ db: database.db, dataDir });
    if (!started) throw new Error("control socket did not start");
    control = started;
  });
  afterAll(async () => {
    await control.close();
    await database.close();
  });

  /** What `npm run user:create` sends (scripts/user-create.ts). */
  const requestUserCreate = (name: string, email: string, role: string) =>
    requestControl(control.path, {
      command: "user:create",
      name,
      email,
      password: "escalera-de-caracol",
      role,
    });

  it("listens in DATA_DIR, reachable by its owner only", () => {
    expect(control.path).toBe(path.join(dataDir, "control.sock"));
    const stats = statSync(control.path);
    expect(stats.isSocket()).toBe(true);
    expect(stats.mode & 0o777).toBe(0o600);
  });

  it("creates a verified user", async () => {
    const response = await requestUserCreate("Rosa", "Rosa@Example.test", "super_admin");
    expect(response).toMatchObject({
      ok: true,
      user: { name: "Rosa", email: "rosa@example.test", role: "super_admin" },
    });
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "rosa@example.test"));
    expect(row?.email_verified_at).not.toBeNull();
  });

  it("answers the field errors of a refused user", async () => {
    const response = await requestUserCreate("Rosa", "rosa@example.test", "admin");
    expect(response).toMatchObject({
      ok: false,
      errors: { email: ["Ya existe una cuenta con este correo electrónico."] },
    });
  });

  it("prints an address's newsletter consents, the blocked proofs the admin never shows included", async () => {
    // Subscribed, left by the mail program's button, came back and is subscribed again.
    await database.db.insert(blockedConsents).values({
      email: "Nuria@example.test",
      consent_at: new Date("2026-01-10T08:00:00Z"),
      consent_version: "2026-11-24",
      consent_text: "Acepto recibir el boletín.",
      consent_page: "/team",
      consent_ip: "198.51.100.4",
      confirmed_at: new Date("2026-01-10T08:03:00Z"),
      ended_at: new Date("2026-06-01T12:00:00Z"),
      ended_by: "one_click",
    });
    await database.db.insert(subscriptions).values({
      email: "nuria@example.test",
      status: "confirmed",
      consent_at: new Date("2026-09-01T10:00:00Z"),
      consent_version: "2026-11-24",
      consent_text: "Acepto recibir el boletín.",
      consent_page: "/",
      consent_ip: "203.0.113.9",
      confirmed_at: new Date("2026-09-01T10:01:00Z"),
    });
    const response = await requestControl(control.path, {
      command: "newsletter:consent",
      email: "NURIA@example.test",
    });
    expect(response).toEqual({
      ok: true,
      consent: {
        email: "nuria@example.test",
        subscription: {
          status: "confirmed",
          consent_at: "2026-09-01T10:00:00.000Z",
          consent_version: "2026-11-24",
          consent_text: "Acepto recibir el boletín.",
          consent_page: "/",
          consent_ip: "203.0.113.9",
          confirmed_at: "2026-09-01T10:01:00.000Z",
          unsubscribed_at: null,
        },
        blocked: [
          {
            consent_at: "2026-01-10T08:00:00.000Z",
            consent_version: "2026-11-24",
            consent_text: "Acepto recibir el boletín.",
            consent_page: "/team",
            consent_ip: "198.51.100.4",
            confirmed_at: "2026-01-10T08:03:00.000Z",
            ended_at: "2026-06-01T12:00:00.000Z",
            ended_by: "one_click",
            ended_how: "Se dio de baja con el botón de baja de su programa de correo (RFC 8058).",
            blocked_until: "2029-06-01T12:00:00.000Z",
          },
        ],
      },
    });
    // An address the newsletter never had: nothing, said as such.
    expect(
      await requestControl(control.path, {
        command: "newsletter:consent",
        email: "x@example.test",
      }),
    ).toEqual({ ok: true, consent: { email: "x@example.test", subscription: null, blocked: [] } });
    expect(
      await requestControl(control.path, { command: "newsletter:consent", email: "" }),
    ).toEqual({ ok: false, message: "Indica una dirección de correo electrónico." });
  });

  it("refuses unknown commands and lines that are not JSON", async () => {
    expect(JSON.parse(await raw(control.path, '{"command":"drop"}\n'))).toEqual({
      ok: false,
      message: "Orden desconocida: drop",
    });
    expect(JSON.parse(await raw(control.path, "nope\n"))).toEqual({
      ok: false,
      message: "La petición no es un JSON válido.",
    });
    expect(JSON.parse(await raw(control.path, "x".repeat(20_000)))).toEqual({
      ok: false,
      message: "Petición demasiado grande.",
    });
  });

  it("does not take over a socket another live server holds", async () => {
    expect(await startControlSocket({ db: database.db, dataDir })).toBeUndefined();
    expect(await requestUserCreate("Sigue", "sigue@example.test", "admin")).toMatchObject({
      ok: true,
    });
  });

  it("is gone once closed, and a client then hears nobody", async () => {
    const other = mkdtempSync(path.join(os.tmpdir(), "obra-ctl-"));
    const second = await startControlSocket({ db: database.db, dataDir: other });
    expect(second).toBeDefined();
    await second?.close();
    expect(existsSync(path.join(other, "control.sock"))).toBe(false);
    const answer = await requestControl(path.join(other, "control.sock"), {
      command: "user:create",
      name: "Nadie",
      email: "nadie@example.test",
      password: "escalera-de-caracol",
      role: "admin",
    });
    expect(answer).toBeUndefined();
  });
});

// A command waits for a site that is starting (decision 079), but not for ever: a process that
// holds the embedded database and never answers on the socket (a hung start, another command)
// ends the wait after 60 s with a Spanish message. The clock is moved instead of waited for.
describe("a command waiting for a starting site", () => {
  it("gives up after 60 s, naming the process and what to do", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "obra-ctl-wait-"));
    const unlock = lockEmbeddedDatabase(dataDir);
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const waiting = requestRunningSite(dataDir, {
        command: "newsletter:consent",
        email: "nadie@example.test",
      });
      let settled = false;
      const outcome = waiting
        .then(
          () => "answered",
          (error: Error) => error.message,
        )
        .finally(() => {
          settled = true;
        });
      await vi.waitFor(() => expect(said).toHaveBeenCalledTimes(1), { timeout: 5_000 });
      expect(String(said.mock.calls[0]?.[0])).toContain(`(pid ${process.pid})`);
      // Still waiting at 59 s…
      vi.setSystemTime(Date.now() + 59_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(settled).toBe(false);
      // …and refused once the 60 s are past, with the same warning said only once.
      vi.setSystemTime(Date.now() + 2_000);
      expect(await outcome).toBe(
        `el proceso ${process.pid} tiene abierta la base de datos embebida de ${path.resolve(dataDir)} y en 60 s no ha respondido por el socket de control. Si es el sitio, mira su registro (¿ha terminado de arrancar?) y repite la orden; si es otra orden, espera a que termine.`,
      );
      expect(said).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      said.mockRestore();
      unlock();
    }
  });
});
