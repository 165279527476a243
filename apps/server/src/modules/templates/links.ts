import type { HttpMethod } from '@mocksmith/core';

/** The public URL of a mock API: `{base}/backend/apitemplate/{method}/{requestId}{endpoint}`. */
export function mockLink(
  base: string,
  api: { requestEnum: HttpMethod; requestId: string; customEndpoint: string | null },
): string {
  const origin = base.replace(/\/+$/, '');
  return `${origin}/backend/apitemplate/${api.requestEnum.toLowerCase()}/${api.requestId}${api.customEndpoint ?? ''}`;
}
