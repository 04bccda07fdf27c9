import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A write whose success reads again what it changed: every query under each of `keys`
 * (`queryKeys.…`) is invalidated, and the mutation settles once they are. Each feature's
 * `api/` names its keys once (`useDutyWrite`, `useLeaveWrite`, …).
 */
export function useWrite<V, R>(call: (variables: V) => Promise<R>, keys: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
