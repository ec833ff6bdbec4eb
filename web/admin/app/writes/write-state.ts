/** What a panel page's action answers, as its view reads it (`useActionData`). */
export type WriteState =
  | {
      readonly stage: 'confirm';
      readonly intent: string;
      /** The form's own fields, re-posted unchanged by the confirm step. */
      readonly fields: Readonly<Record<string, string>>;
      readonly summary: ConfirmSummary;
      readonly destructive: boolean;
      readonly needsPassword: boolean;
      readonly errors?: Readonly<Record<string, string>>;
    }
  | {
      readonly stage: 'errors';
      readonly intent: string;
      readonly fields: Readonly<Record<string, string>>;
      /** Field name → message (translated); `_form` for the form as a whole. */
      readonly errors: Readonly<Record<string, string>>;
    };

/** The confirm step's text: a title and the changes, before and after. */
export interface ConfirmSummary {
  readonly title: string;
  /** What the decision rests on, shown above the changes (a merge's match evidence). */
  readonly facts?: readonly { readonly label: string; readonly value: string }[];
  readonly changes: readonly { readonly label: string; readonly before: string; readonly after: string }[];
}

/** Whether a write state belongs to one form of the page (several forms share an action). */
export const stateOf = (state: WriteState | undefined, intent: string): WriteState | undefined =>
  state?.intent === intent ? state : undefined;
