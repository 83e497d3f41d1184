import { describe, expect, it, vi } from 'vitest';
import { writeForm } from './write-form.ts';

describe("a write form's props", () => {
  it('are busy and refused as the write is, and send the value as it is', () => {
    const mutate = vi.fn();
    const onCancel = vi.fn();
    const refusal = new Error('Нельзя');
    const props = writeForm<string>({ isPending: true, error: refusal, mutate }, onCancel);
    expect(props).toMatchObject({ busy: true, error: refusal, onCancel });
    props.onSubmit('Товар повреждён');
    expect(mutate).toHaveBeenCalledWith('Товар повреждён');
  });

  it('send what `send` makes of the value', () => {
    const mutate = vi.fn();
    const props = writeForm(
      { isPending: false, error: null, mutate },
      () => {},
      (text: string) => ({ id: 5, text }),
    );
    expect(props.busy).toBe(false);
    props.onSubmit('Спасибо');
    expect(mutate).toHaveBeenCalledWith({ id: 5, text: 'Спасибо' });
  });
});
