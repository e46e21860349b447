/** The Device tab with no device: add button, connection tip and the virtual-keyboard offer. */
import { useT } from '../../i18n/store';
import { PlusIcon } from '../widgets/icons';
import { KeyboardArt } from './device-art';
import { FirefoxTip } from './PlatformTips';
import { useAddDevice } from './use-add-device';
import { VirtualOffer } from './VirtualOffer';

export function Welcome() {
  const t = useT();
  const { add, browserTip, closeBrowserTip } = useAddDevice();
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <div className="welcome__hero">
        <KeyboardArt width={260} />
        <h1 className="welcome__title" id="welcome-title">
          {t('welcome.title')}
        </h1>
        <p className="welcome__subtitle">{t('welcome.subtitle')}</p>
        <button type="button" className="button button--primary button--large" onClick={() => void add()}>
          <PlusIcon size={18} />
          {t('devices.add')}
        </button>
        <p className="welcome__tip">{t('welcome.tip')}</p>
      </div>
      <VirtualOffer />
      <FirefoxTip open={browserTip} onClose={closeBrowserTip} />
    </section>
  );
}
