import { isIP } from "node:net";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createListeningTestApp } from "../../tests/support/listening.ts";
import { subscriptions } from "../db/schema.ts";

/**
 * Over a real socket: which address the throttles count is decided by TRUST_PROXY and the
 * connection, never by what a visitor writes into X-Forwarded-For. The contact form allows 5
 * messages per address in 10 minutes.
 */
let serial = 0;
const lead = () => {
  serial += 1;
  return {
    name: `Visitante ${serial}`,
    email: `visitante${serial}@example.com`,
    phone: "600 000 000",
    subject: "Presupuesto",
    message: `Quiero reformar el baño número ${serial}.`,
  };
};

function describeBehind(
  trustProxy: string | undefined,
  title: string,
  body: (s: () => Server) => void,
) {
  describe.skipIf(skipDatabase)(title, () => {
    const wire = perSuite(() =>
      createListeningTestApp({
        env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy },
      }),
    );
    body(() => wire);
  });
}
type Server = Awaited<ReturnType<typeof createListeningTestApp>>;

/** Statuses of `n` contact posts, each with the X-Forwarded-For that `forwardedFor(i)` writes. */
async function contactStatuses(server: Server, n: number, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 1; i <= n; i++) {
    const answer = await server.post("/api/contacts", lead(), {
      "X-Forwarded-For": forwardedFor(i),
    });
    statuses.push(answer.status);
  }
  return statuses;
}

/** The contact form's allowance per address (20 accepted per 10 minutes), then two refusals. */
const allowanceThenRefused = [...Array(20).fill(201), 429, 429];
const posts = allowanceThenRefused.length;

describeBehind("1", "behind one proxy (TRUST_PROXY=1)", (server) => {
  it("counts the address the proxy appended, whatever the visitor wrote before it", async () => {
    // nginx's $proxy_add_x_forwarded_for: the visitor's own header, then the address it saw.
    const statuses = await contactStatuses(server(), posts, (i) => `10.9.8.${i}, 203.0.113.77`);
    expect(statuses).toEqual(allowanceThenRefused);
    // Another visitor behind the same proxy still has their own allowance.
    expect(await contactStatuses(server(), 1, () => "10.9.8.1, 203.0.113.78")).toEqual([201]);
  });

  it("believes only an IP address: any other entry counts the socket's peer, and is not stored", async () => {
    const forged = (i: number) =>
      [`<script>${i}`, `notanip${i}`, `${"a".repeat(8000)}${i}`, `10.9.8.${i}, 999.1.1.${i}`][
        i % 4
      ] as string;
    expect(await contactStatuses(server(), posts, forged)).toEqual(allowanceThenRefused);

    const answer = await server().post(
      "/api/subscriptions",
      { email: "ip.falsa@example.com" },
      { "X-Forwarded-For": "<script>alert(1)</script>" },
    );
    expect(answer.status).toBeLessThan(300);
    const [stored] = await server()
      .t.db.select({ ip: subscriptions.consent_ip })
      .from(subscriptions)
      .where(eq(subscriptions.email, "ip.falsa@example.com"));
    expect(isIP(stored?.ip ?? "")).not.toBe(0);
  });

  it("reads TRUST_PROXY=true as one proxy", async () => {
    const other = await createListeningTestApp({ env: { TRUST_PROXY: "true" } });
    try {
      const statuses = await contactStatuses(other, posts, (i) => `192.0.2.${i},198.51.100.9`);
      expect(statuses).toEqual(allowanceThenRefused);
    } finally {
      await other.close();
    }
  });
});

describeBehind("2", "behind a CDN and nginx (TRUST_PROXY=2)", (server) => {
  it("counts the address the CDN appended, two hops from the right", async () => {
    // visitor's forgery, the visitor as the CDN saw them, the CDN as nginx saw it
    const statuses = await contactStatuses(
      server(),
      posts,
      (i) => `10.9.8.${i}, 203.0.113.90, 198.51.100.${i}`,
    );
    expect(statuses).toEqual(allowanceThenRefused);
  });
});

describeBehind(undefined, "with no proxy trusted (TRUST_PROXY unset)", (server) => {
  it("counts the socket's peer and ignores X-Forwarded-For entirely", async () => {
    const statuses = await contactStatuses(server(), posts, (i) => `10.9.8.${i}`);
    expect(statuses).toEqual(allowanceThenRefused);
  });
});

describeBehind("0", "with TRUST_PROXY=0", (server) => {
  it("ignores X-Forwarded-For as well", async () => {
    const statuses = await contactStatuses(server(), posts, (i) => `10.9.7.${i}, 10.9.6.${i}`);
    expect(statuses).toEqual(allowanceThenRefused);
  });
});
