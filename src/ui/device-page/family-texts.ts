/**
 * The texts of the libhmk and VIA screens and of their refusals (src/i18n/sections/libhmk.ts, via.ts), of backups,
 * restores and their diffs (backup.ts, backup-ui.ts), of the undo history (history.ts) and of VIA saved layouts
 * (via-saved.ts) and of layout choices kept on this computer (layout.ts) load with the device page, not with the first screen: the device page imports this module, which
 * registers them before any of its tabs renders or such a refusal is shown. Their ids stay checked by the type system
 * (MessageId in src/i18n/en_US.ts).
 */
import { libhmkEn, libhmkZh } from '../../i18n/sections/libhmk';
import { viaEn, viaZh } from '../../i18n/sections/via';
import { backupEn, backupZh } from '../../i18n/sections/backup';
import { backupUiEn, backupUiZh } from '../../i18n/sections/backup-ui';
import { historyEn, historyZh } from '../../i18n/sections/history';
import { viaSavedEn, viaSavedZh } from '../../i18n/sections/via-saved';
import { layoutEn, layoutZh } from '../../i18n/sections/layout';
import { registerTexts } from '../../i18n/translate';

registerTexts(libhmkEn, libhmkZh);
registerTexts(viaEn, viaZh);
registerTexts(historyEn, historyZh);
registerTexts(backupEn, backupZh);
registerTexts(backupUiEn, backupUiZh);
registerTexts(viaSavedEn, viaSavedZh);
registerTexts(layoutEn, layoutZh);
