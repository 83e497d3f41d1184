export { useDeliveryAddresses } from './api/get-delivery-addresses.ts';
export { useStreetLine } from './components/address-card.tsx';
export { AddressModal } from './components/address-modal.tsx';
