import { manualUrl } from '../../src/ui/device-list/manual-link';

describe('help-manual link', () => {
  it('uses the lower-cased name and the version without V', () => {
    expect(manualUrl('Made68Pro', 'V1.3.7')).toBe('https://download.keytune.app/manuals/made68pro_1.3.7.pdf');
    expect(manualUrl('cyber01', '2.1.7')).toBe('https://download.keytune.app/manuals/cyber01_2.1.7.pdf');
  });

  it('keeps the plus of plus models and trims stray spaces', () => {
    expect(manualUrl(' Made68Ultra+ ', 'v1.4.2 ')).toBe('https://download.keytune.app/manuals/made68ultra+_1.4.2.pdf');
  });
});
