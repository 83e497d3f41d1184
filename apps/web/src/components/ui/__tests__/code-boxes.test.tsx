import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeBoxes, fillBoxes } from '../code-boxes.tsx';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState(() => Array.from({ length: 6 }, () => ''));
  return <CodeBoxes length={6} value={value} onChange={setValue} onComplete={onComplete} />;
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

describe('the six code boxes', () => {
  it('take one digit each, move on while typing and submit at the sixth', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('12a345');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', '']);
    expect(boxes()[5]).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.keyboard('6');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('clear the box with Backspace and move back; arrows move between boxes', async () => {
    render(<Harness onComplete={vi.fn()} />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('123');
    // the caret waits in the empty fourth box: Backspace clears the third and moves there
    await userEvent.keyboard('{Backspace}');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '', '', '', '']);
    expect(boxes()[2]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(boxes().map((b) => b.value)).toEqual(['1', '', '', '', '', '']);
    expect(boxes()[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(boxes()[0]!.value).toBe('');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(boxes()[2]).toHaveFocus();
  });

  it('fill every box from a pasted code and submit it', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await userEvent.click(boxes()[2]!);
    await userEvent.paste('Kod: 654 321');
    expect(boxes().map((b) => b.value)).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('put a shorter paste from the focused box on', () => {
    expect(fillBoxes(['1', '', '', '', '', ''], 1, '23')).toEqual([['1', '2', '3', '', '', ''], 3]);
  });

  it('start again at the first box when a wrong code is cleared after its check', () => {
    const empty = Array.from({ length: 6 }, () => '');
    const { rerender } = render(
      <CodeBoxes
        length={6}
        value={['1', '2', '3', '4', '5', '6']}
        onChange={vi.fn()}
        onComplete={vi.fn()}
        disabled
      />,
    );
    expect(document.body).toHaveFocus();
    rerender(<CodeBoxes length={6} value={empty} onChange={vi.fn()} onComplete={vi.fn()} />);
    expect(boxes()[0]).toHaveFocus();
  });
});
