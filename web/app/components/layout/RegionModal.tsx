import { useEffect, useRef } from 'react';
import { useSite } from '~/site/use-site';
import { RegionForm } from './RegionForm';

/** The region modal: a native <dialog> (focus trap, Escape and the backdrop come with it). */
export function RegionModal({ back, onClose }: { back: string; onClose: () => void }) {
  const { t } = useSite();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="region-title" onClose={onClose}>
      <h2 id="region-title">{t('region.title')}</h2>
      <RegionForm back={back} />
      <button
        type="button"
        className="modal-close"
        onClick={() => dialog.current?.close()}
        aria-label={t('common.close')}
      >
        ×
      </button>
    </dialog>
  );
}
