import type { MetaFunction } from '@remix-run/node';
import { useT } from '../i18n/use-t';
import { panelPath, STAFF_PANELS } from '../panels/panels';

export const meta: MetaFunction = () => [
  { title: 'pricecompare staff' },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** /admin/: the five panels, each with its own sign-in. */
export default function PanelChooser() {
  const t = useT();
  return (
    <main id="main" className="chooser">
      <h1>{t('app.choosePanel')}</h1>
      <p>{t('app.choosePanelHelp')}</p>
      <ul className="panel-list">
        {STAFF_PANELS.map((panel) => (
          <li key={panel}>
            <a href={panelPath(panel)}>
              <strong>{t(`panel.${panel}`)}</strong>
              <span>{t(`panel.${panel}.about`)}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="languages">
        <a href="?lang=en" lang="en">
          English
        </a>{' '}
        ·{' '}
        <a href="?lang=de" lang="de">
          Deutsch
        </a>
      </p>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
