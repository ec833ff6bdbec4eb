import { useCount } from '~/components/common/Count';
import { STARS } from '~/reviews/forms';
import { useSite } from '~/site/use-site';

/** The one-to-five stars of a review form as radio buttons, each named in words for screen readers. */
export function StarChoice({ idPrefix, legend, error }: { idPrefix: string; legend: string; error?: string }) {
  const { t } = useSite();
  const count = useCount();
  const errorId = `${idPrefix}-rating-error`;
  return (
    <fieldset className="star-choice" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {STARS.map((stars) => (
        <label key={stars}>
          <input type="radio" name="rating" value={stars} required />{' '}
          <span className="stars" aria-hidden="true">
            {'★'.repeat(Number(stars))}
          </span>
          <span className="visually-hidden">{count('reviews.stars', Number(stars))}</span>
        </label>
      ))}
      {error ? (
        <span id={errorId} className="field-error">
          {t(error)}
        </span>
      ) : null}
    </fieldset>
  );
}
