/** autocannon wrapped for the benches: a promise, and the figures the reports print. */
import autocannon from "autocannon";

export interface Figure {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

export function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    // Without a listener autocannon prints nothing; tracking would draw a progress bar.
    void instance;
  });
}

export function figure(name: string, result: autocannon.Result): Figure {
  const statusCodes: Record<string, number> = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = (count as { count: number }).count;
  }
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
}

export async function measure(name: string, options: autocannon.Options): Promise<Figure> {
  return figure(name, await run(options));
}
