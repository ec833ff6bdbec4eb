import type { ReactNode } from 'react';
import type { StaffUser } from '../auth/staff-user';
import { useLanguage, useT } from '../i18n/use-t';
import { LANGUAGES } from '../i18n/languages';
import { BASE, PANEL_NAV, panelPath, type StaffPanel } from '../panels/panels';
import { CsrfContext } from './staff-form';

/** A panel's frame: its name, navigation, the signed-in user, language and sign-out. */
export function PanelShell(props: {
  readonly panel: StaffPanel;
  readonly user: StaffUser;
  readonly csrf: string;
  readonly currentPath: string;
  readonly children: ReactNode;
}) {
  const t = useT();
  const language = useLanguage();
  const { panel } = props;
  return (
    <CsrfContext.Provider value={props.csrf}>
      <header className="panel-header">
        <a className="brand" href={panelPath(panel)}>
          {t('app.title')} · {t(`panel.${panel}`)}
        </a>
        <nav aria-label={t(`panel.${panel}`)}>
          <ul>
            {PANEL_NAV[panel].map((item) => {
              const href = panelPath(panel, item.path);
              const current = props.currentPath === href || props.currentPath.startsWith(`${href}/`);
              return (
                <li key={item.path}>
                  <a href={href} aria-current={current ? 'page' : undefined}>
                    {t(item.label)}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="session">
          <span>{t('app.signedInAs', { name: props.user.name || props.user.email })}</span>
          <span className="languages" aria-label={t('app.language')}>
            {LANGUAGES.map((code) => (
              <a
                key={code}
                href={`${props.currentPath}?lang=${code}`}
                aria-current={code === language ? 'true' : undefined}
                lang={code}
                hrefLang={code}
              >
                {code.toUpperCase()}
              </a>
            ))}
          </span>
          <a href={`${BASE}/`}>{t('app.otherPanels')}</a>
          <form method="post" action={panelPath(panel, 'logout')}>
            <input type="hidden" name="_csrf" value={props.csrf} />
            <button type="submit">{t('app.signOut')}</button>
          </form>
        </div>
      </header>
      <main id="main" className="panel-main">
        {props.children}
      </main>
    </CsrfContext.Provider>
  );
}
