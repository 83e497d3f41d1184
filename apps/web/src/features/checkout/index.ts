export { CheckoutButton } from './components/checkout-button.tsx';
