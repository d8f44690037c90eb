/**
 * Runs `run` in a task of its own, after the current one, and answers a function that cancels it. A
 * `MessageChannel` message, which a hidden tab does not slow as it does timers; a timer where there is
 * none. Work after hydration goes through it so that each piece is a short task of its own rather than
 * part of hydration's long one (docs/decisions/054).
 */
export function inNextTask(run: () => void): () => void {
  if (typeof MessageChannel === "undefined") {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) run();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}
