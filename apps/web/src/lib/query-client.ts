import { QueryClient } from '@tanstack/react-query';

/** The app's one query client. A failed query is retried once; errors surface in the page. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}
