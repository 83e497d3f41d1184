import { useSearchParams } from 'react-router';
import { ContractPage } from '../features/checkout/components/contract-page.tsx';
import { ContentPage } from '../features/pages/components/content-page.tsx';
import { idFrom } from '../lib/ids.ts';

/**
 * `/contract/show`: with `?credit={id}` that credit's contract to read and sign; without it the
 * offer text, as SPEC §2 links it.
 */
export function ContractShowRoute() {
  const [params] = useSearchParams();
  const credit = idFrom(params.get('credit'));
  if (credit !== null) return <ContractPage key={credit} creditId={credit} />;
  return <ContentPage slug="offer" />;
}
