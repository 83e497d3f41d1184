import { useSearchParams } from 'react-router';
import { ContractPage } from '../features/checkout/components/contract-page.tsx';
import { ContentPage } from '../features/pages/components/content-page.tsx';

/**
 * `/contract/show`: with `?credit={id}` that credit's contract to read and sign; without it the
 * offer text, as SPEC §2 links it.
 */
export function ContractShowRoute() {
  const [params] = useSearchParams();
  const credit = params.get('credit');
  if (credit && /^\d{1,10}$/.test(credit) && Number(credit) > 0) {
    return <ContractPage key={credit} creditId={Number(credit)} />;
  }
  return <ContentPage slug="offer" />;
}
