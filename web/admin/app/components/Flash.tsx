import { useT } from '../i18n/use-t';

/** "Saved." after a write redirected back with ?done=1. */
export function Flash(props: { readonly done: boolean }) {
  const t = useT();
  return props.done ? (
    <p className="flash" role="status">
      {t('write.done')}
    </p>
  ) : null;
}
