import { describe, expect, it } from "vitest";
import { databaseFreeAlreadyRan } from "../../tests/support/database-free";
import { ApiError, api } from "./api";
import { retryWaits, sendPatiently, type Waiting } from "./quote-retry";

/** What the server answers, attempt after attempt: a status and its headers, or no answer. */
type Answer = { status: number; retryAfter?: string } | "no answer";

/** The quote request sent through the real api() to answers given in turn. */
async function sendThrough(answers: Answer[]) {
  const sentAt: number[] = [];
  const waits: (Waiting | undefined)[] = [];
  let clock = 0;
  const send = async () => {
    sentAt.push(clock);
    const answer = answers[sentAt.length - 1] ?? { status: 201 };
    if (answer === "no answer") throw new TypeError("Failed to fetch");
    const ok = answer.status === 201;
    return new Response(
      JSON.stringify(ok ? { reference: "OM-2026-00042" } : { title: "Servicio no disponible" }),
      {
        status: answer.status,
        headers: answer.retryAfter ? { "retry-after": answer.retryAfter } : undefined,
      },
    );
  };
  let outcome: unknown;
  try {
    outcome = await sendPatiently(
      (observed) => api("POST", "contacts", { name: "Núria" }, { send: observed, silent: true }),
      {
        send,
        onWait: (waiting) => waits.push(waiting),
        sleep: async (ms) => {
          clock += ms;
        },
      },
    );
  } catch (error) {
    outcome = error;
  }
  return { outcome, sentAt, waits };
}

describe.skipIf(databaseFreeAlreadyRan)("a quote request during a passing outage", () => {
  it("is sent again after no answer, a proxy's 502 or 504 and the site's 503 with Retry-After", async () => {
    const { outcome, sentAt, waits } = await sendThrough([
      "no answer",
      { status: 502 },
      { status: 503, retryAfter: "5" },
      { status: 504 },
    ]);
    expect(outcome).toEqual({ reference: "OM-2026-00042" });
    // 2 s, 4 s, 8 s (the site's 5 s is shorter than the wait planned), 16 s.
    expect(sentAt).toEqual([0, 2_000, 6_000, 14_000, 30_000]);
    expect(waits).toEqual([
      { attempt: 2, attempts: 5, seconds: 2 },
      { attempt: 3, attempts: 5, seconds: 4 },
      { attempt: 4, attempts: 5, seconds: 8 },
      { attempt: 5, attempts: 5, seconds: 16 },
      undefined,
    ]);
  });

  it("keeps to the site's Retry-After when it asks for longer, up to half a minute", async () => {
    const { sentAt } = await sendThrough([
      { status: 503, retryAfter: "10" },
      { status: 503, retryAfter: "3600" },
    ]);
    expect(sentAt).toEqual([0, 10_000, 40_000]);
  });

  it("gives up after five attempts with the last answer", async () => {
    const { outcome, sentAt, waits } = await sendThrough(Array(9).fill("no answer"));
    expect(sentAt).toHaveLength(retryWaits.length + 1);
    expect(outcome).toBeInstanceOf(ApiError);
    expect((outcome as ApiError).status).toBeNull();
    expect(waits.at(-1)).toBeUndefined();
  });

  it("answers at once a full disk's 503 (no Retry-After), a refusal, a throttle and a fault", async () => {
    for (const status of [503, 422, 429, 500, 400]) {
      const { outcome, sentAt, waits } = await sendThrough([{ status }]);
      expect((outcome as ApiError).status, String(status)).toBe(status);
      expect(sentAt, String(status)).toEqual([0]);
      expect(waits).toEqual([undefined]);
    }
  });
});
