import { Worker, type WorkerOptions } from 'node:worker_threads';

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

/**
 * A worker thread kept for the process and fed requests by id: starting one (and compiling
 * what it runs) costs most of a second, more than a small request. Unreferenced while idle so
 * it never keeps the process alive; replaced if it dies, failing what it had in hand.
 */
export class KeptWorker<T> {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending<T>>();
  private nextId = 1;

  constructor(
    private readonly url: URL,
    private readonly options: WorkerOptions,
    /** What the worker is called in errors ("Tax calculation"). */
    private readonly label: string,
    /** Handles one message; calls `settle` when it ends a request. */
    private readonly onMessage: (
      message: { id: number },
      worker: Worker,
      settle: (id: number, outcome: { value: T } | { error: Error }) => void,
    ) => void,
  ) {}

  /** Starts a request: returns its id and the worker to post to, and the promise of its end. */
  start(): { id: number; worker: Worker; done: Promise<T> } {
    const worker = this.current();
    const id = this.nextId++;
    const done = new Promise<T>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    worker.ref();
    return { id, worker, done };
  }

  private current(): Worker {
    if (this.worker) return this.worker;
    const started = new Worker(this.url, this.options);
    const fail = (error: Error) => {
      if (this.worker === started) this.worker = null;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    const settle = (id: number, outcome: { value: T } | { error: Error }) => {
      const p = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) started.unref();
      if (!p) return;
      if ('value' in outcome) p.resolve(outcome.value);
      else p.reject(outcome.error);
    };
    started.on('message', (message: { id: number }) => this.onMessage(message, started, settle));
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`${this.label} worker stopped (exit code ${code})`)));
    this.worker = started;
    return started;
  }
}
