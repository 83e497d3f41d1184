import type { Card } from '@bozor/shared';
import { ChoiceRow } from '../../../components/ui/choice-row.tsx';
import { CardRow } from './cards-page.tsx';

/** The customer's bound cards as radios, one of them chosen; `legend` is read by screen readers. */
export function CardPicker({
  cards,
  chosenId,
  onChoose,
  legend,
  mark,
}: {
  cards: readonly Card[];
  chosenId: number | null;
  onChoose: (id: number) => void;
  legend: string;
  mark?: 'dot' | 'tick';
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{legend}</legend>
      {cards.map((card) => (
        <ChoiceRow
          key={card.id}
          name="card"
          mark={mark}
          checked={card.id === chosenId}
          onChange={() => onChoose(card.id)}
        >
          <CardRow card={card} />
        </ChoiceRow>
      ))}
    </fieldset>
  );
}
