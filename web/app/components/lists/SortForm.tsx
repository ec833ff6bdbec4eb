import { Form, useSubmit } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useSite } from '~/site/use-site';

/**
 * A list's sort as a GET form: choosing an order reloads the list in place (without JavaScript,
 * an Apply button does). `hidden` carries the list's other parameters, such as its search;
 * `name` is the parameter of the order (`sort` unless the page has two lists).
 */
export function SortForm({
  label,
  options,
  value,
  hidden,
  name = 'sort',
}: {
  label: string;
  options: readonly { readonly key: string; readonly label: string }[];
  value: string | null;
  hidden?: ReactNode;
  name?: string;
}) {
  const { t } = useSite();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="list-toolbar"
      preventScrollReset
      onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
    >
      {hidden}
      <label>
        {label}
        <select name={name} key={value ?? ''} defaultValue={value ?? ''}>
          {options.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit">{t('common.apply')}</button>
      </noscript>
    </Form>
  );
}
