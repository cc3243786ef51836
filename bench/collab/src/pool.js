// Forked client processes and a promise-based call into each.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./worker.js', import.meta.url));

export async function startWorkers(count) {
  const workers = await Promise.all(
    Array.from({ length: count }, () => {
      const child = fork(WORKER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--max-old-space-size=6144'] });
      const pending = new Map();
      let nextId = 1;
      child.on('message', (message) => {
        if (message.ready) return;
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error));
        else waiter?.resolve(message.result);
      });
      child.on('exit', (code) => {
        for (const waiter of pending.values()) waiter.reject(new Error(`client worker exited (${code})`));
        pending.clear();
      });
      const worker = {
        pid: child.pid,
        call(cmd, args = {}) {
          const id = nextId++;
          return new Promise((resolve, reject) => {
            pending.set(id, { resolve, reject });
            child.send({ id, cmd, args });
          });
        },
        stop() {
          if (child.exitCode === null) child.kill('SIGKILL');
        },
      };
      return new Promise((resolve) => child.once('message', () => resolve(worker)));
    }),
  );
  return {
    workers,
    /** Calls every worker with its own args (a function of its index); answers all results. */
    each: (cmd, argsOf) => Promise.all(workers.map((w, i) => w.call(cmd, argsOf(i)))),
    stop: () => workers.forEach((w) => w.stop()),
  };
}
