import type { Api } from '../types.ts';

/** The request the Test modal sends, as code to copy: fetch with the method, JSON and the token. */
export function fetchSnippet({
  url,
  method,
  authToken,
}: Pick<Api, 'url' | 'method' | 'authToken'>): string {
  const headers = [`    'Content-Type': 'application/json',`];
  if (authToken) headers.push(`    Authorization: 'Bearer ${authToken}',`);
  return [
    `const response = await fetch('${url}', {`,
    `  method: '${method}',`,
    '  headers: {',
    ...headers,
    '  },',
    '});',
    'const data = response.status === 204 ? null : await response.json();',
    'console.log(response.status, data);',
  ].join('\n');
}
