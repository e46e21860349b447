/** The page's side of the firmware worker: one ReportEndpoint per virtual keyboard, multiplexed over one worker. */
import type { ReportEndpoint } from '../transport/types.ts';
import type { FromWorker, ToWorker, VirtualKeyboardSpec } from './worker-messages.ts';

interface Waiter {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class WorkerEndpoint implements ReportEndpoint {
  constructor(
    private readonly link: FirmwareWorkerLink,
    readonly id: string,
  ) {}
  receive(report: Uint8Array): Promise<Uint8Array[]> {
    return this.link.send(this.id, report);
  }
  onReport(listener: (report: Uint8Array) => void): () => void {
    return this.link.listen(this.id, listener);
  }
  pressKey(keyId: number, depth: number): Promise<void> {
    return this.link.press(this.id, keyId, depth);
  }
}

export class FirmwareWorkerLink {
  private seq = 0;
  private readonly waiters = new Map<string, Waiter>();
  private readonly listeners = new Map<string, Set<(r: Uint8Array) => void>>();

  constructor(private readonly worker: Worker) {
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.onMessage(event.data);
  }

  private post(message: ToWorker, transfer: Transferable[] = []): void {
    this.worker.postMessage(message, transfer);
  }

  private wait<T>(key: string): Promise<T> {
    return new Promise<T>((resolve, reject) =>
      this.waiters.set(key, { resolve: resolve as (v: unknown) => void, reject }),
    );
  }

  create(id: string, spec: VirtualKeyboardSpec) {
    const done = this.wait<{ vendorId: number; productId: number; productName: string }>(`created:${id}`);
    this.post({ type: 'create', id, spec });
    return done;
  }

  restoreAll(): Promise<{ id: string; spec: VirtualKeyboardSpec }[]> {
    const done = this.wait<{ id: string; spec: VirtualKeyboardSpec }[]>('restored');
    this.post({ type: 'restore-all' });
    return done;
  }

  send(id: string, report: Uint8Array): Promise<Uint8Array[]> {
    const seq = this.seq++;
    const done = this.wait<Uint8Array[]>(`replies:${id}:${seq}`);
    this.post({ type: 'report', id, seq, report });
    return done;
  }

  press(id: string, keyId: number, depth: number): Promise<void> {
    const seq = this.seq++;
    const done = this.wait<void>(`pressed:${id}:${seq}`);
    this.post({ type: 'press', id, seq, keyId, depth });
    return done;
  }

  forget(id: string): void {
    this.post({ type: 'forget', id });
  }

  listen(id: string, listener: (r: Uint8Array) => void): () => void {
    const set = this.listeners.get(id) ?? new Set();
    set.add(listener);
    this.listeners.set(id, set);
    return () => set.delete(listener);
  }

  private settle(key: string, value: unknown, error?: string): void {
    const w = this.waiters.get(key);
    if (!w) return;
    this.waiters.delete(key);
    if (error) w.reject(new Error(error));
    else w.resolve(value);
  }

  private onMessage(msg: FromWorker): void {
    switch (msg.type) {
      case 'created':
        this.settle(`created:${msg.id}`, msg);
        break;
      case 'restored':
        this.settle('restored', msg.keyboards);
        break;
      case 'replies':
        this.settle(`replies:${msg.id}:${msg.seq}`, msg.reports);
        break;
      case 'pressed':
        this.settle(`pressed:${msg.id}:${msg.seq}`, undefined, msg.error);
        break;
      case 'notify':
        for (const l of [...(this.listeners.get(msg.id) ?? [])]) l(msg.report);
        break;
      case 'error':
        this.settle(`created:${msg.id}`, undefined, msg.message);
        break;
    }
  }
}
