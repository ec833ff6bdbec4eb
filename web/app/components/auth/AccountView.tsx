import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageMeta } from '~/site/meta';

/** An account page (sign-in required): what the signed-in user sees once accounts is wired. */
export function AccountView() {
  const { title, name } = useLoaderData<{ title: string; name: string }>();
  return (
    <main id="main">
      <h1>{title}</h1>
      <p>{name}</p>
    </main>
  );
}

export const accountMeta: MetaFunction = ({ data }) => [...pageMeta((data as { title?: string } | undefined)?.title ?? 'Account'), { name: 'robots', content: 'noindex' }];
