/** Bundles the fake navigator.hid (backed by the reference firmware) into an init script for the WebHID tests. */
import { build } from 'vite';

export default async function globalSetup(): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      lib: {
        entry: 'src/testing/fake-hid-entry.ts',
        formats: ['iife'],
        name: 'KeytuneFakeHid',
        fileName: () => 'fake-hid.js',
      },
      outDir: 'e2e/helpers/generated',
      emptyOutDir: true,
      minify: false,
    },
  });
}
