import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from './api-client.ts';

/**
 * Whether a failed call may still have gone through: no answer came (the connection dropped) or
 * the server fell over midway. Its retry must carry the same key, so it cannot pay twice.
 */
export function mayHaveGoneThrough(error: unknown): boolean {
  return error instanceof ApiError && (error.isNetworkError || error.status >= 500);
}

/**
 * A mutation that moves money (pays, places, cancels or returns an order), sent with an
 * `Idempotency-Key`: one fresh key per intent (what `intentOf` names: the same order, the same
 * card), kept while a try may have gone through, so retrying it is answered by the first try
 * instead of charging or refunding again. A definite answer, or another intent, starts a new key.
 */
export function useIdempotentMutation<Vars, Data>(
  send: (vars: Vars, idempotencyKey: string) => Promise<Data>,
  intentOf: (vars: Vars) => string,
  options: { onSuccess?: (data: Data) => unknown } = {},
) {
  const pending = useRef<{ intent: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (vars: Vars) => {
      const intent = intentOf(vars);
      if (pending.current?.intent !== intent) {
        pending.current = { intent, key: crypto.randomUUID() };
      }
      return send(vars, pending.current.key);
    },
    onSuccess: options.onSuccess,
    onSettled: (_data, error) => {
      if (!mayHaveGoneThrough(error)) pending.current = null;
    },
  });
}
