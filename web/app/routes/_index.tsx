import { redirect } from '@remix-run/node';

/** The bare domain goes to the default locale (spec §2.1: en-ch). */
export const loader = () => redirect('/en-ch');
