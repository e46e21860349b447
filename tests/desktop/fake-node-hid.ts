/**
 * A fake node-hid module whose keyboards are reference-firmware keyboards, plus interfaces that are not ours (a mouse
 * of an unrelated maker sharing vendor id 1046), which must never be opened.
 */
import { EventEmitter } from 'node:events';
import { modelById, VENDOR_USAGE, VENDOR_USAGE_PAGE } from '../../src/core/models.ts';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import type { HidHandle, HidInterfaceInfo, HidModule } from '../../src/desktop/node-hid.ts';

interface Plugged {
  info: HidInterfaceInfo & { path: string };
  keyboard?: VirtualKeyboard;
}

class FakeHandle extends EventEmitter implements HidHandle {
  closed = false;
  private readonly unsubscribe: (() => void) | undefined;
  constructor(private readonly keyboard: VirtualKeyboard) {
    super();
    this.unsubscribe = keyboard.onReport((r) => this.deliver(r));
  }
  private deliver(report: Uint8Array): void {
    if (!this.closed) setTimeout(() => this.emit('data', Buffer.from(report)), 0);
  }
  async write(values: number[] | Buffer): Promise<number> {
    if (this.closed) throw new Error('Cannot write to hid device');
    const bytes = Uint8Array.from(values);
    if (bytes[0] !== 0) throw new Error('report id 0 expected');
    for (const r of this.keyboard.receive(bytes.slice(1))) this.deliver(r);
    return bytes.length;
  }
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
  }
  unplug(): void {
    this.emit('error', new Error('could not read from HID device'));
  }
}

export class FakeNodeHid implements HidModule {
  readonly plugged: Plugged[] = [];
  readonly opened: string[] = [];
  readonly handles = new Map<string, FakeHandle>();
  private next = 1;

  /** Plugs in a reference-firmware keyboard; answers its HID path. */
  plug(keyboard: VirtualKeyboard, usage: { usagePage?: number; usage?: number } = {}): string {
    const model = modelById(keyboard.descriptor.modelId);
    const path = `/dev/hidraw${this.next++}`;
    this.plugged.push({
      keyboard,
      info: {
        path,
        vendorId: model?.vendorId ?? 0,
        productId: model?.productId ?? 0,
        product: model?.displayName ?? 'Keyboard',
        usagePage: usage.usagePage ?? VENDOR_USAGE_PAGE,
        usage: usage.usage ?? VENDOR_USAGE,
      },
    });
    return path;
  }

  /** Plugs in an interface that is not a configuration collection. */
  plugForeign(info: Omit<HidInterfaceInfo, 'path'>): string {
    const path = `/dev/hidraw${this.next++}`;
    this.plugged.push({ info: { ...info, path } });
    return path;
  }

  unplug(path: string): void {
    const i = this.plugged.findIndex((p) => p.info.path === path);
    if (i >= 0) this.plugged.splice(i, 1);
    this.handles.get(path)?.unplug();
    this.handles.delete(path);
  }

  async devicesAsync(): Promise<HidInterfaceInfo[]> {
    return this.plugged.map((p) => ({ ...p.info }));
  }

  readonly HIDAsync = {
    open: async (path: string): Promise<HidHandle> => {
      this.opened.push(path);
      const p = this.plugged.find((x) => x.info.path === path);
      if (!p?.keyboard) throw new Error(`cannot open device with path ${path}`);
      const handle = new FakeHandle(p.keyboard);
      this.handles.set(path, handle);
      return handle;
    },
  };
}
