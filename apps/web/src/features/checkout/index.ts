export { clearCheckoutDraft, updateCheckoutDraft, useCheckoutDraft } from './checkout-draft.ts';
export { CheckoutButton } from './components/checkout-button.tsx';
