import { createServer, type Server } from "node:net";

/** Ports nobody listens on right now, `count` of them and all different. */
export async function freePorts(count: number): Promise<number[]> {
  // Each probe stays open until all have a port: one closed first could be handed out again
  // (a deploy test once gave nginx the port an instance already listened on).
  const probes: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const probe = createServer();
      probes.push(probe);
      await new Promise<void>((resolve, reject) => {
        probe.once("error", reject);
        probe.listen(0, "127.0.0.1", () => resolve());
      });
    }
    return probes.map((probe) => {
      const address = probe.address();
      if (typeof address !== "object" || !address) throw new Error("no port");
      return address.port;
    });
  } finally {
    await Promise.all(
      probes.map((probe) => new Promise((resolve) => probe.close(() => resolve(undefined)))),
    );
  }
}

/** A port nobody listens on right now: lets a test point the app at a mail server that is down. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}
