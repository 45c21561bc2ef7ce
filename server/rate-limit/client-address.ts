import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import type { Env } from "../env.ts";

/**
 * The client's address. With TRUST_PROXY=N the N proxies in front of the site each appended the
 * address they saw to X-Forwarded-For, so the client is the entry N from the right; everything
 * further left was written by the client and is ignored (decision 070). With fewer entries than
 * N the leftmost stands in (a request that skipped the outer proxy). Without a trusted proxy the
 * socket's peer is the client. An entry that is not an IP address (`net.isIP`) is not believed:
 * the socket's peer stands in, so a visitor's text is never a throttle key nor a proof of
 * consent. `app.request()` tests have no socket: their header stands in.
 *
 * Written one way whoever wrote it (decision 204): an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`,
 * what a socket listening on "::" sees of an IPv4 client) is the IPv4 address it carries, and an
 * IPv6 address is in its short lowercase form (RFC 5952). This is what a proof of consent keeps.
 */
export function clientIp(c: Context, env: Pick<Env, "TRUST_PROXY">): string {
  const forwarded = c.req
    .header("x-forwarded-for")
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hopsBack = (hops: number) => {
    const entry = forwarded?.length ? forwarded[Math.max(0, forwarded.length - hops)] : undefined;
    return entry && isIP(entry) ? entry : undefined;
  };
  if (env.TRUST_PROXY > 0) {
    const appended = hopsBack(env.TRUST_PROXY);
    if (appended) return canonical(appended);
  }
  try {
    const address = getConnInfo(c).remote.address;
    if (address && isIP(address)) return canonical(address);
  } catch {
    // no Node socket behind this request
  }
  const header = hopsBack(1);
  return header ? canonical(header) : "unknown";
}

/** An address `net.isIP` accepted, written one way: mapped IPv4 as IPv4, IPv6 as RFC 5952. */
function canonical(address: string): string {
  return ipaddr.process(address).toString();
}

/**
 * What every per-address limit counts (decision 204): an IPv4 address as it is, an IPv6 address
 * by its /64 (`2001:db8:1:2::/64`). A subscriber line, a home router, a phone or a cloud server
 * is handed at least a /64 and may use any address in it, a new one per request if it likes
 * (RFC 8981's temporary addresses do so by themselves), so a limit per IPv6 address limits
 * nobody. The zone of a link-local address is not part of it.
 */
export function limitKeyOf(address: string): string {
  if (!isIP(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const [a = 0, b = 0, c = 0, d = 0] = (parsed as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([a, b, c, d, 0, 0, 0, 0]).toString()}/64`;
}

/** The client as the limits count it: `clientIp`'s address, an IPv6 one by its /64. */
export function clientKey(c: Context, env: Pick<Env, "TRUST_PROXY">): string {
  return limitKeyOf(clientIp(c, env));
}
