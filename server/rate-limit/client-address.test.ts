import { isIP } from "node:net";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { databaseFreeAlreadyRan } from "../../tests/support/database-free.ts";
import { createListeningTestApp, listen } from "../../tests/support/listening.ts";
import { subscriptions } from "../db/schema.ts";
import { limitKeyOf } from "./client-address.ts";

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

/**
 * IPv6 rotation (issue 33 item 3, decision 204): one subscriber line holds a whole /64, so a
 * client that changes the last 64 bits of its address is still one client; and an IPv4 client
 * is one client whether it is written `a.b.c.d` or `::ffff:a.b.c.d`.
 */
describeBehind("1", "IPv6 and IPv4-mapped clients behind one proxy", (server) => {
  const inOne64 = (i: number) => `2001:db8:1:2::${i.toString(16)}`;

  it("counts every address of one /64 as one client for the quote form", async () => {
    const statuses = await contactStatuses(server(), posts, inOne64);
    expect(statuses).toEqual(allowanceThenRefused);
    // The next /64 is another line, with its own allowance.
    expect(await contactStatuses(server(), 1, () => "2001:db8:1:3::1")).toEqual([201]);
  });

  it("counts forged newsletter links from one /64 together, and refuses past 30", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 40; i++) {
      const answer = await server().post(
        "/api/subscriptions/confirm",
        { token: `enlace-falso-${i}` },
        // Written in capitals and in full: still the same /64.
        { "X-Forwarded-For": `2001:DB8:0002:0003:${i.toString(16)}:0:0:1` },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(30).fill(400), ...Array(10).fill(429)]);
  });

  it("counts ::ffff:a.b.c.d and a.b.c.d as the same client", async () => {
    const statuses = await contactStatuses(server(), posts, (i) =>
      i % 2 ? "::ffff:203.0.113.80" : "203.0.113.80",
    );
    expect(statuses).toEqual(allowanceThenRefused);
  });

  it("stores the visitor's own address as proof of consent, a mapped one as IPv4", async () => {
    for (const [forwarded, stored] of [
      ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2:aaaa:bbbb:cccc:dddd"],
      ["::ffff:203.0.113.81", "203.0.113.81"],
    ] as const) {
      const email = `prueba-${stored.replaceAll(/[.:]/g, "-")}@example.com`;
      const answer = await server().post(
        "/api/subscriptions",
        { email },
        { "X-Forwarded-For": forwarded },
      );
      expect(answer.status).toBe(201);
      const [row] = await server()
        .t.db.select({ ip: subscriptions.consent_ip })
        .from(subscriptions)
        .where(eq(subscriptions.email, email));
      expect(row?.ip).toBe(stored);
    }
  });
});

describe.skipIf(skipDatabase)(
  "a server listening on IPv6 and IPv4 (HOST=:: beside 0.0.0.0)",
  () => {
    // Two instances sharing their counters (one app, one limiter): one listens on "::", where an
    // IPv4 client arrives as ::ffff:127.0.0.1, the other on IPv4 alone, where it is 127.0.0.1.
    const both = perSuite(async () => {
      const t = await createTestApp();
      const dual = await listen(t, undefined, "::");
      const ipv4 = await listen(t, undefined, "127.0.0.1");
      return {
        t,
        dual,
        ipv4,
        async close() {
          await dual.close();
          await ipv4.close();
          await t.close();
        },
      };
    });

    it("counts one IPv4 client once, whichever socket it came through", async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= posts; i++) {
        const server = i % 2 ? both.dual : both.ipv4;
        statuses.push((await server.post("/api/contacts", lead())).status);
      }
      expect(statuses).toEqual(allowanceThenRefused);
    });

    it("stores the peer of the IPv6 socket as the IPv4 address it is", async () => {
      const email = "doble-pila@example.com";
      expect((await both.dual.post("/api/subscriptions", { email })).status).toBe(201);
      const [row] = await both.t.db
        .select({ ip: subscriptions.consent_ip })
        .from(subscriptions)
        .where(eq(subscriptions.email, email));
      expect(row?.ip).toBe("127.0.0.1");
    });
  },
);

describe.skipIf(databaseFreeAlreadyRan)("the key a limit counts an address by", () => {
  it("is an IPv4 address as it is, an IPv6 one by its /64, however it is written", () => {
    expect(limitKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(limitKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(limitKeyOf("::FFFF:CB00:7107")).toBe("203.0.113.7");
    expect(limitKeyOf("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(limitKeyOf("fe80::1%eth0")).toBe(limitKeyOf("fe80::2%eth1"));
    expect(limitKeyOf("::1")).toBe("::/64");
    expect(limitKeyOf("unknown")).toBe("unknown");
  });
});
