/**
 * The Tool tab (spec-2 §2.7): a grid of plugins, each named and described by its info.json, opened in place with a
 * Back link to the grid. Plugins load their code on first open.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useT } from '../../i18n/store';
import { BackIcon, KeyboardIcon } from '../widgets/icons';
import { loadPlugins, type PluginInfo } from './plugins';
import { anyText, useToolsT } from './texts';
import '../styles/tools.css';

/** The code behind each plugin id an info.json may name; a listed plugin without code here is not shown. */
const PLUGIN_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  'keyboard-tester': lazy(() => import('./tester/KeyboardTester')),
};

type Plugins = { status: 'loading' } | { status: 'ready'; list: PluginInfo[] } | { status: 'failed' };

export default function ToolTab() {
  const t = useT();
  const tt = useToolsT();
  const [plugins, setPlugins] = useState<Plugins>({ status: 'loading' });
  const [open, setOpen] = useState<PluginInfo | undefined>(undefined);
  const lastOpened = useRef<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    loadPlugins().then(
      (list) => live && setPlugins({ status: 'ready', list: list.filter((p) => p.id in PLUGIN_SCREENS) }),
      (error: unknown) => {
        console.warn('The plugin list could not be loaded', error);
        if (live) setPlugins({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  // Back on the grid, focus returns to the card that was opened.
  useEffect(() => {
    if (open || !lastOpened.current) return;
    document.querySelector<HTMLElement>(`[data-plugin="${lastOpened.current}"]`)?.focus();
  }, [open]);

  if (open) {
    const Screen = PLUGIN_SCREENS[open.id]!;
    return (
      <section className="screen tools">
        <header className="page-header tools__header">
          <button type="button" className="tools__back" onClick={() => setOpen(undefined)}>
            <BackIcon size={18} />
            {tt('tools.plugins.back')}
          </button>
          <h1 className="page-header__title">{anyText(t, open.name)}</h1>
        </header>
        <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>
          <Screen />
        </Suspense>
      </section>
    );
  }

  return (
    <section className="screen tools">
      <header className="page-header">
        <h1 className="page-header__title">{t('tool.title')}</h1>
      </header>
      {plugins.status === 'loading' && (
        <p className="tools__status" role="status">
          {tt('tools.plugins.loading')}
        </p>
      )}
      {plugins.status === 'failed' && (
        <p className="tools__status" role="alert">
          {tt('tools.plugins.failed')}
        </p>
      )}
      {plugins.status === 'ready' && (
        <ul className="tools__grid" aria-label={tt('tools.plugins.label')}>
          {plugins.list.map((plugin) => (
            <li key={plugin.id}>
              <button
                type="button"
                className="tools__card"
                data-plugin={plugin.id}
                aria-label={tt('tools.plugins.open', anyText(t, plugin.name))}
                aria-describedby={`plugin-${plugin.id}-desc`}
                onClick={() => {
                  lastOpened.current = plugin.id;
                  setOpen(plugin);
                }}
              >
                <span className="tools__card-icon" aria-hidden="true">
                  <KeyboardIcon size={28} />
                </span>
                <span className="tools__card-name">{anyText(t, plugin.name)}</span>
                <span className="tools__card-desc" id={`plugin-${plugin.id}-desc`}>
                  {anyText(t, plugin.description)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
