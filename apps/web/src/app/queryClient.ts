import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../shared/api/http';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // One retry for network hiccups and 5xx; a 4xx will not get better by asking again.
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof HttpError && error.status < 500),
      },
    },
  });
}
