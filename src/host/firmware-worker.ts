/**
 * The virtual keyboards' firmware, in a Web Worker so its simulation never competes with rendering. The page talks
 * to it with 64-byte reports over postMessage, the way a real host talks over the USB cable. Each keyboard saves its
 * flash image to IndexedDB whenever its firmware finishes a flash write, so its settings survive a reload.
 */
/// <reference lib="webworker" />
import { findModel } from '../core/models.ts';
import { VirtualKeyboard } from '../firmware/index.ts';
import { virtualStore } from './virtual-store.ts';
import type { FromWorker, ToWorker, VirtualKeyboardSpec } from './worker-messages.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const keyboards = new Map<string, { keyboard: VirtualKeyboard; spec: VirtualKeyboardSpec; saveTimer?: number }>();

const post = (message: FromWorker): void => scope.postMessage(message);

function attach(id: string, spec: VirtualKeyboardSpec, keyboard: VirtualKeyboard): void {
  keyboards.set(id, { keyboard, spec });
  keyboard.onReport((report) => post({ type: 'notify', id, report }));
  keyboard.onPersist(() => scheduleSave(id));
  const model = findModel(spec.displayName);
  post({
    type: 'created',
    id,
    vendorId: model?.vendorId ?? 0,
    productId: model?.productId ?? 0,
    productName: model?.displayName ?? spec.displayName,
  });
}

function scheduleSave(id: string): void {
  const entry = keyboards.get(id);
  if (!entry) return;
  if (entry.saveTimer !== undefined) clearTimeout(entry.saveTimer);
  entry.saveTimer = setTimeout(() => {
    entry.saveTimer = undefined;
    virtualStore
      .put({ id, spec: entry.spec, image: entry.keyboard.serialize(), savedAt: Date.now() })
      .catch((e: unknown) => console.error('could not save the virtual keyboard', e));
  }, 150) as unknown as number;
}

async function restoreAll(): Promise<void> {
  const restored: { id: string; spec: VirtualKeyboardSpec }[] = [];
  let stored: Awaited<ReturnType<typeof virtualStore.all>> = [];
  try {
    stored = await virtualStore.all();
  } catch (e) {
    console.error('could not read saved virtual keyboards', e);
  }
  for (const record of stored) {
    if (keyboards.has(record.id)) continue;
    try {
      attach(record.id, record.spec, VirtualKeyboard.restore(record.image));
      restored.push({ id: record.id, spec: record.spec });
    } catch (e) {
      console.error(`the saved flash of ${record.spec.displayName} is unreadable; it was left out`, e);
    }
  }
  post({ type: 'restored', keyboards: restored });
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  switch (msg.type) {
    case 'create':
      try {
        attach(msg.id, msg.spec, new VirtualKeyboard({ model: msg.spec.displayName, ...msg.spec }));
        scheduleSave(msg.id);
      } catch (e) {
        post({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) });
      }
      break;
    case 'restore-all':
      void restoreAll();
      break;
    case 'report': {
      const entry = keyboards.get(msg.id);
      const reports = entry ? entry.keyboard.receive(msg.report) : [];
      post({ type: 'replies', id: msg.id, seq: msg.seq, reports });
      break;
    }
    case 'press': {
      const entry = keyboards.get(msg.id);
      try {
        if (!entry) throw new Error('no such keyboard');
        entry.keyboard.pressKey(msg.keyId, msg.depth);
        post({ type: 'pressed', id: msg.id, seq: msg.seq });
      } catch (e) {
        post({ type: 'pressed', id: msg.id, seq: msg.seq, error: e instanceof Error ? e.message : String(e) });
      }
      break;
    }
    case 'forget':
      keyboards.delete(msg.id);
      void virtualStore.remove(msg.id);
      break;
  }
};
