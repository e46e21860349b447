/**
 * A fake `navigator.hid` whose devices are reference-firmware keyboards: WebHID code is exercised end to end without
 * hardware. Used by the unit tests and, bundled, by the end-to-end tests' init script.
 */
import { modelById, VENDOR_USAGE, VENDOR_USAGE_PAGE } from '../core/models.ts';
import { VirtualKeyboard } from '../firmware/index.ts';

type Listener = (event: Event) => void;

class Emitter {
  private readonly listeners = new Map<string, Set<Listener>>();
  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }
  dispatch(type: string, event: Event): void {
    for (const l of [...(this.listeners.get(type) ?? [])]) l(event);
  }
}

export class FakeHidDevice extends Emitter {
  opened = false;
  readonly vendorId: number;
  readonly productId: number;
  readonly productName: string;
  readonly collections: HIDCollectionInfo[];
  private unsubscribe: (() => void) | undefined;

  constructor(readonly keyboard: VirtualKeyboard) {
    super();
    const model = modelById(keyboard.descriptor.modelId);
    this.vendorId = model?.vendorId ?? 0;
    this.productId = model?.productId ?? 0;
    this.productName = model?.displayName ?? 'Keyboard';
    this.collections = [
      { usagePage: 0x01, usage: 0x06, type: 1, children: [], inputReports: [], outputReports: [], featureReports: [] },
      {
        usagePage: VENDOR_USAGE_PAGE,
        usage: VENDOR_USAGE,
        type: 1,
        children: [],
        inputReports: [],
        outputReports: [],
        featureReports: [],
      },
    ] as unknown as HIDCollectionInfo[];
  }

  async open(): Promise<void> {
    this.opened = true;
    this.unsubscribe = this.keyboard.onReport((r) => this.deliver(r));
  }

  async close(): Promise<void> {
    this.opened = false;
    this.unsubscribe?.();
  }

  async forget(): Promise<void> {
    await this.close();
  }

  async sendReport(reportId: number, data: BufferSource): Promise<void> {
    if (!this.opened) throw new DOMException('The device must be opened first.', 'InvalidStateError');
    if (reportId !== 0) throw new DOMException('Unknown report id', 'NotAllowedError');
    const bytes = data instanceof Uint8Array ? data : new Uint8Array(data instanceof ArrayBuffer ? data : data.buffer);
    const replies = this.keyboard.receive(bytes.slice());
    // A real device answers on a later USB frame, never inside the write call.
    setTimeout(() => replies.forEach((r) => this.deliver(r)), 0);
  }

  private deliver(report: Uint8Array): void {
    if (!this.opened) return;
    const event = new Event('inputreport') as HIDInputReportEvent;
    Object.defineProperties(event, {
      device: { value: this },
      reportId: { value: 0 },
      data: { value: new DataView(report.slice().buffer) },
    });
    this.dispatch('inputreport', event);
  }
}

export class FakeHid extends Emitter {
  private readonly granted = new Set<FakeHidDevice>();
  /** Devices "plugged in" that the user may pick in the chooser. */
  readonly plugged: FakeHidDevice[] = [];

  plug(keyboard: VirtualKeyboard): FakeHidDevice {
    const device = new FakeHidDevice(keyboard);
    this.plugged.push(device);
    if (this.granted.size > 0) {
      const event = new Event('connect');
      Object.defineProperty(event, 'device', { value: device });
      this.dispatch('connect', event);
    }
    return device;
  }

  unplug(device: FakeHidDevice): void {
    const i = this.plugged.indexOf(device);
    if (i >= 0) this.plugged.splice(i, 1);
    this.granted.delete(device);
    device.opened = false;
    const event = new Event('disconnect');
    Object.defineProperty(event, 'device', { value: device });
    this.dispatch('disconnect', event);
  }

  async getDevices(): Promise<FakeHidDevice[]> {
    return [...this.granted].filter((d) => this.plugged.includes(d));
  }

  /** Like the browser's chooser: the user picks every plugged device that matches a filter. */
  async requestDevice(options: { filters: HIDDeviceFilter[] }): Promise<FakeHidDevice[]> {
    const picked = this.plugged.filter((d) =>
      options.filters.some(
        (f) =>
          (f.vendorId === undefined || f.vendorId === d.vendorId) &&
          (f.productId === undefined || f.productId === d.productId) &&
          (f.usagePage === undefined ||
            d.collections.some((c) => c.usagePage === f.usagePage && (f.usage === undefined || c.usage === f.usage))),
      ),
    );
    picked.forEach((d) => this.granted.add(d));
    return picked;
  }
}

/** Installs a fake navigator.hid with the given keyboards plugged in (for the end-to-end tests). */
export function installFakeHid(models: { model: string; fwVer: string }[]): FakeHid {
  const hid = new FakeHid();
  models.forEach((m, i) => hid.plug(new VirtualKeyboard({ ...m, serial: `HID${String(i + 1).padStart(8, '0')}` })));
  Object.defineProperty(navigator, 'hid', { value: hid, configurable: true });
  return hid;
}
