import { describe, expect, it } from "vitest";
import { goodPassword, registerUser } from "../../tests/support/accounts.ts";
import { perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createListeningTestApp } from "../../tests/support/listening.ts";

/** A test app of the group's own on a socket: its address's count starts at zero. */
const onItsOwnServer = () => perSuite(() => createListeningTestApp());

const registration = (email: string) => ({
  name: "Vecino del Barrio",
  email,
  password: goodPassword,
  password_confirmation: goodPassword,
});

/**
 * Sign-ups from one client address, over a real socket (the address is the socket's peer):
 * 10 attempts an hour, counted before any work, whatever their outcome (decision 071).
 */
describe.skipIf(skipDatabase)("registrations from one address, over a socket", () => {
  const server = onItsOwnServer();

  it("accept at most 10 of 30 sent at once; the rest get 429 with Retry-After", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        server.post("/api/register", registration(`rafaga${i}@vecino.example`)),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const refused = answers.find((a) => a.status === 429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(3000);
  });
});

describe.skipIf(skipDatabase)("registrations refused for their content still count", () => {
  const server = onItsOwnServer();

  it("asking about taken e-mails: 10 answers, then 429, so register is no free oracle", async () => {
    const customer = await registerUser(server.t, { email: "ya-cliente@example.com" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await server.post("/api/register", registration(customer.email))).status);
    }
    expect(statuses).toEqual([...Array(10).fill(422), 429, 429]);
  });

  it("invalid forms count too", async () => {
    // this server's address has used its 10; a form that would be refused is refused sooner
    const answer = await server.post("/api/register", { name: "" });
    expect(answer.status).toBe(429);
  });
});
