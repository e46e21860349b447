/**
 * Device events told to the person as they chose on the Settings tab (preferences/notifications.ts): a keyboard
 * connects, disconnects, or has a firmware update. Found by comparing each new device list (devs_changed) with the
 * one before; the devices already there when the app starts are not announced.
 */
import type { DeviceRecord } from '../../contract/bridge';
import { noticesEn, noticesZh, type NoticesTextId } from '../../i18n/sections/notices';
import { useLanguageStore } from '../../i18n/store';
import { createTranslate, type Catalogue, type Language } from '../../i18n/translate';
import type { DeviceStore } from '../device-list/store';
import { showSystemNotice, useNoticeStore, type NoticeEvent, type NoticeOptions } from '../preferences/notifications';
import type { UpdateChecker } from '../update-checker';
import { useToastStore } from './store';

export interface DeviceNotice {
  event: NoticeEvent;
  path: string;
  name: string;
  /** The firmware version on offer ('' when the service did not say); update notices only. */
  version?: string;
}

const nameOf = (d: DeviceRecord) => d.display_name.trim() || d.name;

/** What changed between two device lists, in the order a person would tell it. */
export function noticesBetween(
  before: readonly DeviceRecord[],
  after: readonly DeviceRecord[],
  pendingFor: (device: DeviceRecord) => string | undefined,
): DeviceNotice[] {
  const was = new Map(before.map((d) => [d.path, d]));
  const online = new Set(after.filter((d) => d.online).map((d) => d.path));
  const out: DeviceNotice[] = [];
  for (const d of before)
    if (d.online && !online.has(d.path)) out.push({ event: 'disconnected', path: d.path, name: nameOf(d) });
  for (const d of after) {
    if (!d.online) continue;
    const old = was.get(d.path);
    if (!old?.online) out.push({ event: 'connected', path: d.path, name: nameOf(d) });
    const pending = pendingFor(d);
    if (pending !== undefined && (!old || pendingFor(old) !== pending))
      out.push({ event: 'update', path: d.path, name: nameOf(d), version: pending });
  }
  return out;
}

const translators: Partial<Record<Language, ReturnType<typeof createTranslate>>> = {};
function textsOf(language: Language) {
  return (translators[language] ??= createTranslate(
    (language === 'zh_CN' ? noticesZh : noticesEn) as unknown as Catalogue,
  ));
}

/** The sentence of a notice in a language. */
export function noticeText(notice: DeviceNotice, language: Language): string {
  const t = (id: NoticesTextId, ...values: string[]) => textsOf(language).dynamic(id, ...values);
  if (notice.event === 'update')
    return notice.version ? t('notice.update', notice.name, notice.version) : t('notice.update.any', notice.name);
  return t(`notice.${notice.event}`, notice.name);
}

/** Tells one notice through the channels the options turn on. */
export function deliverNotice(notice: DeviceNotice, options: NoticeOptions, language: Language): void {
  if (!options[notice.event]) return;
  const text = noticeText(notice, language);
  if (options.inApp)
    useToastStore.getState().push({
      title: text,
      context: '',
      args: '',
      type: notice.event === 'disconnected' ? 2 : 0,
      delay: 5,
    });
  if (options.system) showSystemNotice(textsOf(language).dynamic('notice.app'), text, `${notice.event}:${notice.path}`);
}

/** Watches the device list and tells its changes; returns the function that stops watching. */
export function watchDeviceNotices(devices: DeviceStore, updates: UpdateChecker): () => void {
  return devices.subscribe((state, previous) => {
    if (state.devices === previous.devices) return;
    const { options } = useNoticeStore.getState();
    if (!options.inApp && !options.system) return;
    const language = useLanguageStore.getState().language;
    for (const notice of noticesBetween(previous.devices, state.devices, (d) => updates.pendingFor(d)))
      deliverNotice(notice, options, language);
  });
}
