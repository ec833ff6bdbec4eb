import { FieldError } from '../../components/staff-form';
import { useT } from '../../i18n/use-t';

type Errors = ((field: string) => Record<string, string> | undefined) | undefined;

/** The network filter of the affiliates panel's logs (transactions, postbacks), with its error. */
export function NetworkFilter(props: { readonly value: string | undefined; readonly errorText: Errors }) {
  const t = useT();
  return (
    <>
      <label>
        {t('transactions.network')}{' '}
        <input name="network" defaultValue={props.value ?? ''} size={10} aria-describedby="network-error" />
      </label>
      <FieldError name="network" errors={props.errorText?.('network')} />
    </>
  );
}

/** The from/to day filters of the affiliates panel's logs, with their errors. */
export function DayRangeFilter(props: {
  /** What the first day is of ("Ordered from", "Received from"). */
  readonly fromLabel: string;
  readonly from: string | undefined;
  readonly to: string | undefined;
  readonly errorText: Errors;
}) {
  const t = useT();
  return (
    <>
      <label>
        {props.fromLabel}{' '}
        <input type="date" name="from" defaultValue={props.from ?? ''} aria-describedby="from-error" />
      </label>
      <FieldError name="from" errors={props.errorText?.('from')} />
      <label>
        {t('transactions.to')} <input type="date" name="to" defaultValue={props.to ?? ''} aria-describedby="to-error" />
      </label>
      <FieldError name="to" errors={props.errorText?.('to')} />
    </>
  );
}
