import type { ReactNode } from 'react';
import { FieldError } from '../../components/staff-form';

/** One labelled input of an edit form, prefilled (the posted value after a refusal), with its error. */
export function EditField(props: {
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly errors?: Readonly<Record<string, string>>;
  readonly type?: 'text' | 'url' | 'date';
  readonly maxLength?: number;
}) {
  return (
    <>
      <label>
        {props.label}{' '}
        <input
          name={props.name}
          type={props.type ?? 'text'}
          maxLength={props.maxLength}
          defaultValue={props.value}
          aria-describedby={`${props.name}-error`}
        />
      </label>
      <FieldError name={props.name} errors={props.errors} />
    </>
  );
}

/** One labelled select of an edit form, with its error. */
export function EditChoice(props: {
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly errors?: Readonly<Record<string, string>>;
  readonly children: ReactNode;
}) {
  const id = `edit-${props.name}`;
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} defaultValue={props.value} aria-describedby={`${props.name}-error`}>
        {props.children}
      </select>
      <FieldError name={props.name} errors={props.errors} />
    </>
  );
}
