/** A search of a list, applied when submitted (each search is a request to the API, not one per key pressed): a search field and its button. */
import { useState } from 'preact/hooks';
import { Field } from '../../parts/field.js';

export function SearchForm(props: { label: string; name: string; hint: string; button: string; onSearch: (text: string) => void }) {
  const [typed, setTyped] = useState('');
  return (
    <form
      class="admin-toolbar"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSearch(typed.trim());
      }}
    >
      <Field label={props.label} name={props.name} type="search" value={typed} onInput={setTyped} hint={props.hint} />
      <button type="submit">{props.button}</button>
    </form>
  );
}
