import type { Card, CardAdded } from '@bozor/shared';
import { useState } from 'react';
import { CardCodeStep } from './card-code-step.tsx';
import { CardForm } from './card-form.tsx';

/**
 * Binding a card in one place: the card form, then the holder's SMS code in its stead. The
 * profile's and the scoring's "add card" pages show it; what follows a confirmed card is theirs.
 */
export function AddCardFlow({
  onConfirmed,
  submitLabel,
}: {
  onConfirmed: (card: Card) => void;
  submitLabel?: string;
}) {
  const [added, setAdded] = useState<CardAdded | null>(null);
  return added ? (
    <CardCodeStep added={added} onConfirmed={onConfirmed} onBack={() => setAdded(null)} />
  ) : (
    <CardForm onAdded={setAdded} submitLabel={submitLabel} />
  );
}
