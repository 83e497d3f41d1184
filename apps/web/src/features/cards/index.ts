export { useCards } from './api/get-cards.ts';
export { AddCardFlow } from './components/add-card-flow.tsx';
export { CardBadge, groupCardNumber } from './components/card-badge.tsx';
export { CardCodeStep } from './components/card-code-step.tsx';
export { CardForm } from './components/card-form.tsx';
export { CardPicker } from './components/card-picker.tsx';
export { CardRow } from './components/cards-page.tsx';
