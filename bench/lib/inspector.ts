/**
 * A full garbage collection in the server process, through the inspector it was started with
 * (`--inspect=127.0.0.1:0`), so that a memory reading shows what is live rather than what V8
 * has not collected yet. Needs a WebSocket (`--experimental-websocket` on Node 20).
 */
export function inspectorUrl(stderr: string): string | undefined {
  return /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1];
}

export async function collectGarbage(url: string): Promise<void> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`no inspector at ${url}`));
  });
  await new Promise<void>((resolve) => {
    socket.onmessage = (event) => {
      if (JSON.parse(String(event.data)).id === 1) resolve();
    };
    socket.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" }));
  });
  socket.close();
}
