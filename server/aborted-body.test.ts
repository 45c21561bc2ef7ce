import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { perSuite } from "../tests/support/app.ts";
import { skipDatabase } from "../tests/support/database.ts";
import { createListeningTestApp } from "../tests/support/listening.ts";
import { setupLog } from "./log.ts";

interface Line {
  level: number;
  msg: string;
  path?: string;
}

/**
 * A client that stops sending a request's body halfway is the client's doing: it once logged
 * "database unavailable" at error level, because Node fails the body's stream with ECONNRESET
 * (decision 061). Only a real socket can be cut so.
 */
describe.skipIf(skipDatabase)("a request body cut short by the client", () => {
  const wire = perSuite(() => createListeningTestApp());
  let lines: Line[] = [];
  afterEach(() => {
    setupLog(process.env);
  });

  /** Every log line from now on, debug ones included. */
  const captureLog = () => {
    lines = [];
    setupLog(
      { NODE_ENV: "production", LOG_LEVEL: "debug" },
      { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    );
  };

  /**
   * Opens a connection, writes the request's head and part of its body, then half-closes (FIN:
   * the client can still read an answer) or resets it (RST). Answers what came back.
   */
  async function cutShort(head: string, partialBody: string, how: "end" | "reset") {
    const socket = net.connect(wire.port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", () => {});
    const closed = new Promise((resolve) => socket.once("close", resolve));
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`${head}\r\n\r\n${partialBody}`);
    // The server has started reading the body when the client gives up.
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (how === "end") socket.end();
    else socket.resetAndDestroy();
    await closed;
    return answer;
  }

  const chunkedHead = (path: string) =>
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked`;
  /** The first chunk announces 64 bytes and brings 14. */
  const partialChunk = '40\r\n{"name":"Ana",';

  /** Waits for the request's outcome in the log: the access line and any line about it after. */
  async function settled(path: string) {
    await vi.waitFor(
      () => expect(lines.some((line) => line.msg === "request" && line.path === path)).toBe(true),
      { timeout: 10_000, interval: 20 },
    );
    // The error handler's line, when there is one, follows the access line by a few ms.
    await new Promise((resolve) => setTimeout(resolve, 150));
    return lines;
  }

  const alarming = (logged: Line[]) =>
    logged.filter((line) => line.level >= 40).map((line) => `${line.level} ${line.msg}`);

  it("a chunked body to /api/register cut with FIN: 400, and no warning or error line", async () => {
    captureLog();
    const answer = await cutShort(chunkedHead("/api/register"), partialChunk, "end");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const logged = await settled("/api/register");
    expect(alarming(logged)).toEqual([]);
    expect(logged.map((line) => line.msg)).not.toContain("database unavailable");
    expect(logged.map((line) => line.msg)).toContain("request body cut short by the client");
  });

  it("a chunked body cut with RST, on every kind of JSON route: no warning or error line", async () => {
    for (const path of ["/api/register", "/api/login", "/api/contacts", "/api/subscriptions"]) {
      captureLog();
      await cutShort(chunkedHead(path), partialChunk, "reset");
      const logged = await settled(path);
      expect(alarming(logged), path).toEqual([]);
      expect(logged.map((line) => line.msg)).toContain("request body cut short by the client");
    }
  });

  it("a body shorter than its Content-Length: no warning or error line", async () => {
    captureLog();
    const head = `POST /api/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200`;
    await cutShort(head, '{"name":"Ana",', "end");
    expect(alarming(await settled("/api/register"))).toEqual([]);
  });

  it("and the API still answers the next request", async () => {
    const res = await wire.post("/api/login", {
      email: "nadie@example.test",
      password: "una frase larga de verdad",
    });
    expect(res.status).toBe(401);
  });
});
