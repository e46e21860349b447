/**
 * Init-script entry for end-to-end tests: installs a fake navigator.hid with the keyboards listed in
 * `window.__fakeHidModels` (set by an earlier init script), default one made68pro at 1.3.7.
 */
import { installFakeHid } from './fake-hid.ts';

declare global {
  interface Window {
    __fakeHidModels?: { model: string; fwVer: string }[];
    __fakeHid?: ReturnType<typeof installFakeHid>;
  }
}

window.__fakeHid = installFakeHid(window.__fakeHidModels ?? [{ model: 'made68pro', fwVer: '1.3.7' }]);
