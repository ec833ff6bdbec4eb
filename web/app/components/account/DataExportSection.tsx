import { DATA_EXPORT_PATH } from '~/account/data-export-paths';
import { useSite } from '~/site/use-site';

/**
 * "Your data" (ADR 148): what the copy holds and its download. A plain link with `download`, not
 * a router link: the file is a resource route the browser saves, never a page to render.
 */
export function DataExportSection() {
  const { t } = useSite();
  return (
    <>
      <p>{t('account.dataIntro')}</p>
      <p>
        <a className="button" href={DATA_EXPORT_PATH} download>
          {t('account.dataDownload')}
        </a>
      </p>
    </>
  );
}
