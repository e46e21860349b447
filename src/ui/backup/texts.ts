/**
 * The backup screens' texts (src/i18n/sections/backup-ui.ts), registered when their code loads: a device card's menu
 * offers backups before the device page (which registers them too, with src/ui/device-page/family-texts.ts) loads.
 */
import { backupUiEn, backupUiZh } from '../../i18n/sections/backup-ui';
import { registerTexts } from '../../i18n/translate';

registerTexts(backupUiEn, backupUiZh);
