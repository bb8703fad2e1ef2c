/**
 * How many of an item, and the button that buys or sells that many, in a
 * table's row: the button shows the price of that many at today's unit price
 * (a large trade walks the price curve, so the answer says what was paid).
 * A quantity that is not a whole number of at least 1 is refused at the
 * field, as the API's refusal of it is.
 */
import { useId, useState } from 'preact/hooks';
import { type Action, Form } from './action.js';
import { useMoney } from './money.js';
import { ProblemNotice } from './notice.js';
import { Problem } from './problem.js';

export function QuantityForm(props: {
  verb: 'Buy' | 'Sell';
  /** The item's name, said with the button and the field. */
  name: string;
  /** The field's label for screen readers ("How many Diamond"). */
  label: string;
  unitPrice: number;
  /** The quantity at first, and again after a trade when `startOver`. */
  start: number;
  startOver?: boolean;
  max?: number;
  action: Action;
  trade: (quantity: number) => Promise<void>;
}) {
  const money = useMoney();
  const id = useId();
  const [quantity, setQuantity] = useState(String(props.start));
  const count = Number(quantity);
  const valid = Number.isInteger(count) && count >= 1;
  const error = props.action.errorAt('quantity');

  const submit = async () => {
    if (!valid) throw Problem.at('quantity', 'Enter a whole number of at least 1.');
    await props.trade(count);
    if (props.startOver) setQuantity(String(props.start));
  };

  return (
    <Form action={props.action} class="buy" submit={submit}>
      <label for={id} class="visually-hidden">
        {props.label}
      </label>
      <input
        id={id}
        name="quantity"
        type="number"
        min={1}
        max={props.max}
        inputMode="numeric"
        value={quantity}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(event) => setQuantity((event.target as HTMLInputElement).value)}
      />
      <button type="submit" disabled={props.action.busy}>
        {props.action.busy ? (
          `${props.verb === 'Buy' ? 'Buying' : 'Selling'}…`
        ) : (
          <>
            {props.verb}
            <span class="visually-hidden"> {props.name}</span> · {valid ? money(Math.round(props.unitPrice * count * 100) / 100) : '—'}
          </>
        )}
      </button>
      {error && (
        <p class="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <ProblemNotice problem={props.action.unplaced} />
    </Form>
  );
}
