/**
 * A quote request sent again while the site cannot store it for a moment (decision 197): a
 * database that restarts, an instance being replaced behind nginx, a phone's connection that
 * drops halfway. The visitor would otherwise read «problema temporal» and might not try again;
 * a lead lost. Sending the same request again is safe: the server stores an identical request
 * once and answers a repeat with the first one's reference (decision 060), also when the first
 * answer was lost after the request was stored. Only /contact loads this (vite.config.ts).
 */
import { ApiError, describeError, type Send } from "./api";
import { showError } from "./dialog";

/** Seconds before each new attempt: five attempts in half a minute. */
export const retryWaits = [2, 4, 8, 16] as const;

/** What the form says while it waits: the attempt to come, of how many, in how many seconds. */
export interface Waiting {
  attempt: number;
  attempts: number;
  seconds: number;
}

/**
 * Worth sending again: no answer at all, a proxy that found no site (502, 504), or the site's own
 * «try again in a few seconds» (503 with Retry-After). A 503 without it (a full disk, decision
 * 174) and every refusal (422, 429) or fault (500) are answered at once, as before.
 */
export function worthRetrying(error: unknown, retryAfter: string | null): boolean {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return status === null || status === 502 || status === 504 || (status === 503 && !!retryAfter);
}

/**
 * Sends through `send` (fetch, or the photos' transport) until an answer other than a passing
 * outage comes, or the attempts run out; then SPEC §8's dialog says what the last one answered.
 * `call` is api() with the transport it is given (silent: the dialog is shown here, once).
 */
export async function sendPatiently<T>(
  call: (send: Send) => Promise<T>,
  {
    send = fetch,
    onWait,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  }: {
    send?: Send;
    onWait: (waiting: Waiting | undefined) => void;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<T> {
  const attempts = retryWaits.length + 1;
  for (let attempt = 1; ; attempt++) {
    let retryAfter: string | null = null;
    const observed: Send = async (url, init) => {
      const response = await send(url, init);
      retryAfter = response.headers.get("retry-after");
      return response;
    };
    try {
      const answer = await call(observed);
      onWait(undefined);
      return answer;
    } catch (error) {
      const wait = retryWaits[attempt - 1];
      if (wait === undefined || !worthRetrying(error, retryAfter)) {
        onWait(undefined);
        if (error instanceof ApiError) {
          const { title, message, details } = describeError(error.status, error.body);
          void showError(title, message, details);
        }
        throw error;
      }
      // The site's own Retry-After, when longer, is kept to: it knows when it expects to be back.
      const seconds = Math.min(Math.max(wait, Number(retryAfter) || 0), 30);
      onWait({ attempt: attempt + 1, attempts, seconds });
      await sleep(seconds * 1000);
    }
  }
}
