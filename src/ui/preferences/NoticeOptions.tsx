/**
 * The Notifications card's device-event options: system notifications (the browser's permission is asked only when
 * the person turns them on, and its refusal is shown with what to do), event info in the app, and which events.
 */
import { useId, useMemo, useState } from 'react';
import { noticesEn, noticesZh, type NoticesTextId } from '../../i18n/sections/notices';
import { useLanguage } from '../../i18n/store';
import { createTranslate, type Catalogue } from '../../i18n/translate';
import {
  askNoticePermission,
  NOTICE_EVENTS,
  noticePermission,
  useNoticeStore,
  type NoticePermission,
} from './notifications';
import { Toggle } from './Toggle';

const own = {
  en_US: createTranslate(noticesEn as unknown as Catalogue),
  zh_CN: createTranslate(noticesZh as unknown as Catalogue),
};

export function useNoticesT(): (id: NoticesTextId) => string {
  const language = useLanguage();
  return useMemo(() => (id) => own[language].dynamic(id), [language]);
}

export function NoticeOptions() {
  const n = useNoticesT();
  const options = useNoticeStore((s) => s.options);
  const change = useNoticeStore((s) => s.change);
  const [permission, setPermission] = useState<NoticePermission>(noticePermission);
  const statusId = useId();
  const blocked = permission === 'unsupported' || permission === 'denied';

  const setSystem = async (on: boolean) => {
    if (!on) return change({ system: false });
    const answer = await askNoticePermission();
    setPermission(answer);
    if (answer === 'granted') change({ system: true });
  };

  return (
    <div className="prefs__rows">
      <Toggle
        label={n('prefs.notice.system')}
        checked={options.system && permission === 'granted'}
        disabled={blocked}
        describedBy={statusId}
        onChange={(on) => void setSystem(on)}
      />
      <p id={statusId} className="prefs__hint" aria-live="polite" data-permission={permission}>
        {n(`prefs.notice.permission.${permission}`)}
      </p>
      <Toggle label={n('prefs.notice.inapp')} checked={options.inApp} onChange={(on) => change({ inApp: on })} />
      <fieldset className="prefs__events">
        <legend>{n('prefs.notice.events')}</legend>
        {NOTICE_EVENTS.map((event) => (
          <Toggle
            key={event}
            label={n(`prefs.notice.event.${event}`)}
            checked={options[event]}
            onChange={(on) => change({ [event]: on })}
          />
        ))}
      </fieldset>
    </div>
  );
}
