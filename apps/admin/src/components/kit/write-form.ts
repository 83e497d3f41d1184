/** What a form sending one write is given: how the write goes, and where the form's value goes. */
export interface WriteFormProps<Value> {
  busy: boolean;
  error: Error | null;
  onCancel: () => void;
  onSubmit: (value: Value) => void;
}

/** The part of a mutation (react-query's `useMutation`) that a form sending it needs. */
interface Write<Variables> {
  isPending: boolean;
  error: Error | null;
  mutate: (variables: Variables) => void;
}

/**
 * A form's props for the mutation `write`: busy while it runs, its refusal, and the form's value
 * sent as it is or as `send` makes it into the write's variables.
 */
export function writeForm<Value>(write: Write<Value>, onCancel: () => void): WriteFormProps<Value>;
export function writeForm<Value, Variables>(
  write: Write<Variables>,
  onCancel: () => void,
  send: (value: Value) => Variables,
): WriteFormProps<Value>;
export function writeForm<Value, Variables>(
  write: Write<Variables>,
  onCancel: () => void,
  send?: (value: Value) => Variables,
): WriteFormProps<Value> {
  return {
    busy: write.isPending,
    error: write.error,
    onCancel,
    onSubmit: (value) => write.mutate(send ? send(value) : (value as unknown as Variables)),
  };
}
