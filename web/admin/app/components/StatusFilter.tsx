import { useT } from '../i18n/use-t';

/**
 * A table's status filter (a select of the filter form): "any" first, then each status named by
 * its message `${messages}.${status}`; the URL's `status` parameter is the choice.
 */
export function StatusFilter(props: {
  readonly label: string;
  readonly anyLabel: string;
  readonly statuses: readonly string[];
  /** The message prefix of the statuses' names, e.g. 'invoices.status'. */
  readonly messages: string;
  readonly value: string | undefined;
}) {
  const t = useT();
  return (
    <>
      <label htmlFor="filter-status">{props.label}</label>
      <select id="filter-status" name="status" defaultValue={props.value ?? ''}>
        <option value="">{props.anyLabel}</option>
        {props.statuses.map((status) => (
          <option key={status} value={status}>
            {t(`${props.messages}.${status}`)}
          </option>
        ))}
      </select>
    </>
  );
}
