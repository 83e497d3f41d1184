import type { ScoringState } from '@bozor/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useStoreScoringState } from './store-scoring-state.ts';

export function uploadFace(image: File) {
  const body = new FormData();
  body.append('image', image);
  return apiRequest<{ message: string; data: ScoringState }>('/clients/identified', {
    method: 'POST',
    body,
  });
}

/** The face photo the identity check compares with the passport's. */
export function useUploadFace() {
  const storeScoringState = useStoreScoringState();
  return useMutation({
    mutationFn: uploadFace,
    onSuccess: (answer) => storeScoringState(answer.data),
  });
}
