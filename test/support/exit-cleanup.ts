// Last-resort cleanup: when this Node process exits — normally, on an error, or on
// SIGINT/SIGTERM/SIGHUP — run the registered actions synchronously, so a Ctrl-C or a crashed
// run never leaves postgres or nats-server running or a temp dir behind. Async teardown is
// still the normal path; this only catches what it did not get to.

type CleanupAction = () => void;

const actions = new Set<CleanupAction>();
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let installed = false;

/** Runs `action` synchronously when the process exits; call the returned function to cancel. */
export function onProcessExit(action: CleanupAction): () => void {
  install();
  actions.add(action);
  return () => {
    actions.delete(action);
  };
}

function runAll(): void {
  // Newest first: processes registered after their temp dir are stopped before it is removed.
  const pending = [...actions].reverse();
  actions.clear();
  for (const action of pending) {
    try {
      action();
    } catch {
      // Best effort: one failed action must not stop the others.
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', runAll);
  for (const signal of signals) {
    const handler = (): void => {
      runAll();
      // Listening to a signal disables Node's default "die"; if nobody else (vitest) handles
      // it, restore the default and raise it again so the process still ends as asked.
      if (process.listenerCount(signal) === 1) {
        process.off(signal, handler);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, handler);
  }
}
